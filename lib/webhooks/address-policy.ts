// Addresses a webhook may not reach in production: anything that is not the public internet.
// A webhook URL is chosen by an integrator, so without this check the service could be made to
// call its own admin ports, the cloud metadata service or the operator's private network.
import net from "node:net";

const RANGES: [label: string, cidrs: string[]][] = [
  ["a cloud metadata address", ["169.254.169.254/32", "100.100.100.200/32", "fd00:ec2::254/128"]],
  ["a loopback address", ["127.0.0.0/8", "::1/128"]],
  ["an unspecified address", ["0.0.0.0/8", "::/128"]],
  ["a private address", ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"]],
  ["a link-local address", ["169.254.0.0/16", "fe80::/10"]],
  ["a carrier-grade NAT address", ["100.64.0.0/10"]],
  ["a multicast address", ["224.0.0.0/4", "ff00::/8"]],
  [
    "a reserved address",
    ["192.0.0.0/24", "192.0.2.0/24", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4", "100::/64", "2001:db8::/32", "64:ff9b:1::/48"],
  ],
];

const LISTS = RANGES.map(([label, cidrs]) => {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.split("/");
    list.addSubnet(address, Number(prefix), net.isIPv6(address) ? "ipv6" : "ipv4");
  }
  return [label, list] as const;
});

/** An IPv4 address hidden in an IPv6 one (NAT64 64:ff9b::/96), which routes to that IPv4. */
function embeddedIpv4(ip: string): string | null {
  const m = /^64:ff9b::([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (!m) return null;
  const hi = parseInt(m[1], 16);
  const lo = parseInt(m[2], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** Why `ip` may not be called in production ("a private address", …), or null when it is public. */
export function forbiddenAddressReason(ip: string): string | null {
  const family = net.isIP(ip);
  if (family === 0) return "not an IP address";
  const type = family === 6 ? "ipv6" : "ipv4";
  for (const [label, list] of LISTS) if (list.check(ip, type)) return label;
  const inner = family === 6 ? embeddedIpv4(ip) : null;
  return inner ? forbiddenAddressReason(inner) : null;
}

/** `WEBHOOK_ALLOWED_HOSTS`: exact host names or IPs, or `*.example.com` for every subdomain. */
export function parseAllowedHosts(setting: string): string[] {
  return setting
    .split(",")
    .map((h) => h.trim().toLowerCase().replace(/^\[|\]$/g, ""))
    .filter(Boolean);
}

export function isHostAllowed(host: string, allowed: string[]): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  return allowed.some((a) => (a.startsWith("*.") ? h.endsWith(a.slice(1)) && h.length > a.length - 1 : h === a));
}
