// Addresses a webhook may not reach in production: anything that is not the public internet.
// A webhook URL is chosen by an integrator, so without this check the service could be made to
// call its own admin ports, the cloud metadata service or the operator's private network.
// The ranges are ipaddr.js's classification of IANA's special-purpose registries (a maintained
// list rather than our own): anything it does not call `unicast` is refused, IPv6 must also be
// global unicast (2000::/3), and an IPv4 address written inside an IPv6 one is judged as that
// IPv4 address. docs/decisions/webhooks-address-policy.md.
import net from "node:net";
import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Cloud metadata services: named apart because that is the address an attacker wants. */
const METADATA = ["169.254.169.254", "100.100.100.200", "fd00:ec2::254"].map((a) =>
  ipaddr.parse(a).toNormalizedString(),
);

const LABELS: Record<string, string> = {
  unspecified: "an unspecified address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address",
  loopback: "a loopback address",
  carrierGradeNat: "a carrier-grade NAT address",
  private: "a private address",
  uniqueLocal: "a private address",
  deprecatedSiteLocal: "a private address",
  "6to4": "an IPv4/IPv6 transition address",
  teredo: "an IPv4/IPv6 transition address",
  rfc6145: "an IPv4/IPv6 transition address",
  rfc6052: "an IPv4/IPv6 transition address",
};

const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3") as [ipaddr.IPv6, number];
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96") as [ipaddr.IPv6, number];

/** The IPv4 address an IPv6 one stands for: IPv4-mapped (::ffff:a.b.c.d) and NAT64 64:ff9b::/96. */
function embeddedIpv4(addr: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (addr.isIPv4MappedAddress()) return addr.toIPv4Address();
  if (addr.match(NAT64_WELL_KNOWN)) {
    const [hi, lo] = addr.parts.slice(-2);
    return new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  }
  return null;
}

function reasonFor(addr: Address): string | null {
  if (addr.kind() === "ipv6") {
    const inner = embeddedIpv4(addr as ipaddr.IPv6);
    if (inner) return reasonFor(inner);
  }
  if (METADATA.includes(addr.toNormalizedString())) return "a cloud metadata address";
  const range = addr.range();
  if (range !== "unicast") return LABELS[range] ?? "a reserved address";
  // ipaddr.js calls everything it has no name for `unicast`; in IPv6 only 2000::/3 is
  // allocated as such (the rest: IPv4-compatible ::/96, 100:0:0:1::/64, unassigned space).
  if (addr.kind() === "ipv6" && !(addr as ipaddr.IPv6).match(GLOBAL_UNICAST)) return "a reserved address";
  return null;
}

/** Why `ip` may not be called in production ("a private address", …), or null when it is public. */
export function forbiddenAddressReason(ip: string): string | null {
  if (net.isIP(ip) === 0) return "not an IP address";
  return reasonFor(ipaddr.parse(ip));
}

/** `WEBHOOK_ALLOWED_HOSTS`: exact host names or IPs, or `*.example.com` for every subdomain. */
export function parseAllowedHosts(setting: string): string[] {
  return setting
    .split(",")
    .map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ""),
    )
    .filter(Boolean);
}

export function isHostAllowed(host: string, allowed: string[]): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  return allowed.some((a) => (a.startsWith("*.") ? h.endsWith(a.slice(1)) && h.length > a.length - 1 : h === a));
}
