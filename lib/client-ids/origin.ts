// Whether a browser Origin may use a client ID. Entries of allowedDomains are either full
// origins ("https://shop.example.com", scheme and port must match) or host patterns
// ("shop.example.com", "*.example.com", any scheme/port). "*" allows every origin.

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
