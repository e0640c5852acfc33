// Whether a browser Origin may use a client ID. Entries of allowedDomains are either full
// origins ("https://shop.example.com", scheme and port must match) or host patterns
// ("shop.example.com", "*.example.com", any scheme/port). "*" allows every origin (it can be
// stored by operators, but the API refuses it: see normalizeAllowedDomain).

export function isOriginAllowed(origin: string | null, allowedDomains: string[]): boolean {
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === "null") return false;
  const host = url.hostname.toLowerCase();
  return allowedDomains.some((raw) => {
    const entry = raw.trim().toLowerCase().replace(/\/+$/, "");
    if (entry === "*") return true;
    if (entry.includes("://")) {
      try {
        return new URL(entry).origin === url.origin;
      } catch {
        return false;
      }
    }
    const pattern = entry.split(":")[0];
    if (pattern.startsWith("*.")) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
    return host === pattern;
  });
}

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const HOSTNAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);
const MAX_ENTRY = 253;

/**
 * The stored form of one allowedDomains entry, or null when it is not one:
 * - a full origin `http(s)://host[:port]` (a trailing `/` is dropped, default ports too); no
 *   path, query, fragment or credentials;
 * - a host `shop.example.com` (any scheme and port), or a wildcard `*.example.com` (every
 *   subdomain, not the bare domain; at least two labels after `*.`). Hosts carry no port:
 *   give a full origin to pin one.
 * `*` alone is refused: a client ID usable from every site has no Origin protection.
 * Unicode hosts are stored in their punycode form, as browsers send them.
 */
export function normalizeAllowedDomain(raw: string): string | null {
  const entry = raw.trim().toLowerCase();
  if (entry.length === 0 || entry.length > MAX_ENTRY || /[\s\\\u0000-\u001f]/.test(entry)) return null;
  if (entry.includes("://")) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return null;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.username || url.password || url.search || url.hash || url.pathname !== "/") return null;
    if (entry.replace(/\/$/, "").endsWith("?") || entry.includes("#")) return null;
    const host = url.hostname;
    if (!HOSTNAME.test(host) && !/^\[[0-9a-f:.]+\]$/.test(host)) return null;
    return url.origin;
  }
  const wildcard = entry.startsWith("*.");
  const rest = (wildcard ? entry.slice(2) : entry).replace(/\/$/, "");
  if (/[/:?#@*]/.test(rest)) return null;
  let host: string;
  try {
    host = new URL(`https://${rest}`).hostname;
  } catch {
    return null;
  }
  if (!HOSTNAME.test(host) || host === "null") return null;
  if (wildcard && host.split(".").length < 2) return null;
  return wildcard ? `*.${host}` : host;
}
