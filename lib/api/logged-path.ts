// The path a request's log line records. Some paths carry a credential: the link token of
// /pay/{token}/…, /v2/secure-payments/{token}/… and /v2/payer-pages/{token}/… opens what it names
// on its own, so the log must never hold it. A route's path parameters that are credentials are
// replaced by their name; an unknown path (no route, so no template) keeps only its first two
// segments, since what follows may be a mistyped token.

const CREDENTIAL_PARAMS = new Set(["token"]);
const KEPT_OF_UNKNOWN = 2;

/** `pathname` as the log may show it; `template` is the operation's path (`/pay/{token}/calls`). */
export function loggedPath(pathname: string, template?: string): string {
  const segments = pathname.split("/");
  if (!template) {
    const kept = segments.slice(0, KEPT_OF_UNKNOWN + 1).join("/");
    return segments.length > KEPT_OF_UNKNOWN + 1 ? `${kept}/…` : kept;
  }
  const names = template.split("/");
  return segments
    .map((segment, i) => {
      const param = /^\{(\w+)\}$/.exec(names[i] ?? "")?.[1];
      return param && CREDENTIAL_PARAMS.has(param) ? `{${param}}` : segment;
    })
    .join("/");
}
