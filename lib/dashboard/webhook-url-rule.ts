// What the endpoint URL field says about the URLs this instance accepts (the API enforces it:
// lib/webhooks/outbound-policy.ts).
export function webhookUrlRule(config: { production: boolean; sandbox: boolean }): string {
  const production =
    "In production the URL must be HTTPS and reach a public server (no localhost or private network addresses).";
  if (config.production) return production;
  const here = config.sandbox ? "This is a sandbox" : "This instance is not in production mode";
  return `${production} ${here}, so http:// and localhost URLs are accepted too, e.g. a receiver on your own machine.`;
}
