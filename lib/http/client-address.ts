// Which address a request comes from, for per-source rate limits and for the marks the
// dashboard shows. The server (scripts/serve.mjs) appends the socket's peer address to
// `X-Forwarded-For`, so its last entry is always the machine that connected to us. Entries to
// its left were written by whoever sent them: they are believed only as far as TRUSTED_PROXIES
// says (a number of proxy hops in front of the service, or the proxies' addresses); by
// default no proxy is trusted and the peer is the source. docs/decisions/trusted-proxies.md.
import ipaddr from "ipaddr.js";

export type TrustedProxies = { hops: number } | { ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] };

export const NO_TRUSTED_PROXY: TrustedProxies = { hops: 0 };

/**
 * `TRUSTED_PROXIES`: empty (none), a number of hops (`1` behind one load balancer), or
 * comma-separated proxy addresses and CIDR ranges (`10.0.0.0/8, 2001:db8::7`). Throws with a
 * message naming the bad entry.
 */
export function parseTrustedProxies(setting: string): TrustedProxies {
  const value = setting.trim();
  if (value === "") return NO_TRUSTED_PROXY;
  if (/^\d{1,2}$/.test(value)) return { hops: Number(value) };
  const ranges = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      try {
        if (entry.includes("/")) return ipaddr.parseCIDR(entry);
        const addr = ipaddr.parse(entry);
        return [addr, addr.kind() === "ipv4" ? 32 : 128] as [ipaddr.IPv4 | ipaddr.IPv6, number];
      } catch {
        throw new Error(`"${entry.slice(0, 60)}" is not an IP address or CIDR range`);
      }
    });
  return { ranges };
}

/** An address as one form: IPv4-mapped IPv6 (`::ffff:1.2.3.4`) becomes the IPv4 address. */
function normalized(entry: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(entry.replace(/^\[|\](:\d+)?$/g, ""));
  } catch {
    return null;
  }
}

function isTrusted(entry: string, trust: { ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] }): boolean {
  const addr = normalized(entry);
  return addr !== null && trust.ranges.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits));
}

/** The source address of a request, from its `X-Forwarded-For` as the server left it. */
export function clientAddressOf(forwardedFor: string | null, trust: TrustedProxies): string {
  const chain = (forwardedFor ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (chain.length === 0) return "unknown";
  let i = chain.length - 1;
  if ("hops" in trust) i = Math.max(0, i - trust.hops);
  else while (i > 0 && isTrusted(chain[i], trust)) i--;
  const entry = chain[i];
  return normalized(entry)?.toString() ?? entry.slice(0, 64);
}

/**
 * The peer that forwarded this request for someone else without being trusted to: it sent an
 * `X-Forwarded-For` of its own, and TRUSTED_PROXIES names no proxy (or not this one). Behind
 * such a proxy every client has the proxy's address, so they share one rate limit. Null when the
 * request came straight from its client or through a trusted proxy.
 */
export function untrustedForwarder(forwardedFor: string | null, trust: TrustedProxies): string | null {
  const chain = (forwardedFor ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (chain.length < 2) return null;
  const peer = chain[chain.length - 1];
  const trusted = "hops" in trust ? trust.hops > 0 : isTrusted(peer, trust);
  return trusted ? null : (normalized(peer)?.toString() ?? peer.slice(0, 64));
}
