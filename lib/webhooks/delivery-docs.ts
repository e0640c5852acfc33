// What an integrator needs to receive webhooks, shown in the API reference: the headers of
// every delivery (on each event) and the whole contract (on the endpoints that register them).
export const DELIVERY_HEADERS: { name: string; description: string; required: boolean }[] = [
  {
    name: "x-service-signature",
    description:
      "Hex HMAC-SHA256 of the raw body, keyed with the secret string as returned at creation. Verify it over the raw bytes before parsing.",
    required: true,
  },
  {
    name: "x-service-delivery",
    description: "The delivery id, the same on every attempt: deduplicate by it (an event can arrive more than once).",
    required: true,
  },
  { name: "x-service-retry-count", description: "`0` for the first attempt, up to `3`.", required: true },
  { name: "x-service-test", description: "`true` on test deliveries only.", required: false },
  ...(["signature", "delivery", "retry-count", "test"] as const).map((name) => ({
    name: `x-request-network-${name}`,
    description: `Only to endpoints registered with \`requestNetworkHeaders: true\`: the same value as \`x-service-${name}\`, under the hosted service's name.`,
    required: false,
  })),
  { name: "webhook-id", description: "Standard Webhooks: the delivery id.", required: true },
  {
    name: "webhook-timestamp",
    description: "Standard Webhooks: Unix seconds of the attempt; refuse old ones (replays).",
    required: true,
  },
  {
    name: "webhook-signature",
    description:
      "Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the base64 part of the `whsec_` secret; Standard Webhooks libraries verify it.",
    required: true,
  },
];

export const DELIVERY_CONTRACT = [
  "Events are POSTed as compact JSON (`content-type: application/json`). Each delivery carries:",
  ...DELIVERY_HEADERS.map((h) => `- \`${h.name}\`: ${h.description}`),
  "",
  "Answer 2xx once the event is recorded. Anything else, a timeout (5 s) or a connection error is retried after 1, 5 and 15 s: four attempts in all. Redirects are not followed (a 3xx is a failed attempt). Ignore event names you do not know.",
].join("\n");
