// Every block of IANA's IPv4 and IPv6 Special-Purpose Address Registries (and multicast, and
// the IPv6 space outside global unicast) is refused for webhooks in production, also when an
// IPv4 address is written inside an IPv6 one; ordinary public addresses are accepted.
import { describe, expect, it } from "vitest";
import { forbiddenAddressReason } from "./address-policy";

// [block, addresses inside it] — the first address and one further in, per registry entry.
const IPV4_SPECIAL: [string, string[]][] = [
  ["0.0.0.0/8 this network", ["0.0.0.0", "0.1.2.3"]],
  ["10.0.0.0/8 private-use", ["10.0.0.0", "10.255.255.254"]],
  ["100.64.0.0/10 shared address space", ["100.64.0.0", "100.127.255.254"]],
  ["127.0.0.0/8 loopback", ["127.0.0.1", "127.255.255.254"]],
  ["169.254.0.0/16 link local", ["169.254.0.1", "169.254.254.254"]],
  ["172.16.0.0/12 private-use", ["172.16.0.0", "172.31.255.254"]],
  ["192.0.0.0/24 IETF protocol assignments", ["192.0.0.0", "192.0.0.255"]],
  ["192.0.0.0/29 IPv4 service continuity", ["192.0.0.1", "192.0.0.7"]],
  ["192.0.0.8/32 IPv4 dummy address", ["192.0.0.8"]],
  ["192.0.0.9/32 PCP anycast", ["192.0.0.9"]],
  ["192.0.0.10/32 TURN anycast", ["192.0.0.10"]],
  ["192.0.0.170/32, 192.0.0.171/32 NAT64/DNS64 discovery", ["192.0.0.170", "192.0.0.171"]],
  ["192.0.2.0/24 documentation (TEST-NET-1)", ["192.0.2.0", "192.0.2.200"]],
  ["192.31.196.0/24 AS112-v4", ["192.31.196.1"]],
  ["192.52.193.0/24 AMT", ["192.52.193.1"]],
  ["192.88.99.0/24 deprecated 6to4 relay anycast", ["192.88.99.1", "192.88.99.254"]],
  ["192.168.0.0/16 private-use", ["192.168.0.0", "192.168.255.254"]],
  ["192.175.48.0/24 direct delegation AS112", ["192.175.48.1"]],
  ["198.18.0.0/15 benchmarking", ["198.18.0.0", "198.19.255.254"]],
  ["198.51.100.0/24 documentation (TEST-NET-2)", ["198.51.100.7"]],
  ["203.0.113.0/24 documentation (TEST-NET-3)", ["203.0.113.9"]],
  ["224.0.0.0/4 multicast", ["224.0.0.1", "239.255.255.250"]],
  ["240.0.0.0/4 reserved", ["240.0.0.1", "254.255.255.254"]],
  ["255.255.255.255/32 limited broadcast", ["255.255.255.255"]],
];

const IPV6_SPECIAL: [string, string[]][] = [
  ["::1/128 loopback", ["::1"]],
  ["::/128 unspecified", ["::"]],
  ["::/96 IPv4-compatible (deprecated)", ["::7f00:1", "::127.0.0.1", "::a9fe:a9fe", "::808:808"]],
  [
    "::ffff:0:0/96 IPv4-mapped (private inside)",
    ["::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:a9fe:a9fe"],
  ],
  ["::ffff:0:0:0/96 SIIT IPv4-translated", ["::ffff:0:7f00:1", "::ffff:0:808:808"]],
  ["64:ff9b::/96 IPv4/IPv6 translation (private inside)", ["64:ff9b::7f00:1", "64:ff9b::a00:1", "64:ff9b::a9fe:a9fe"]],
  ["64:ff9b:1::/48 local-use IPv4/IPv6 translation", ["64:ff9b:1::1", "64:ff9b:1::808:808"]],
  ["100::/64 discard-only", ["100::", "100::ffff"]],
  ["100:0:0:1::/64 dummy IPv6 prefix", ["100:0:0:1::1"]],
  ["2001::/23 IETF protocol assignments", ["2001:1ff::1"]],
  ["2001::/32 Teredo", ["2001::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2"]],
  ["2001:1::1/128 PCP anycast", ["2001:1::1"]],
  ["2001:1::2/128 TURN anycast", ["2001:1::2"]],
  ["2001:1::3/128 DNS-SD SRP anycast", ["2001:1::3"]],
  ["2001:2::/48 benchmarking", ["2001:2::1"]],
  ["2001:3::/32 AMT", ["2001:3::1"]],
  ["2001:4:112::/48 AS112-v6", ["2001:4:112::1"]],
  ["2001:10::/28 deprecated ORCHID", ["2001:10::1"]],
  ["2001:20::/28 ORCHIDv2", ["2001:20::1"]],
  ["2001:30::/28 drone remote ID entity tags", ["2001:30::1"]],
  ["2001:db8::/32 documentation", ["2001:db8::1"]],
  ["2002::/16 6to4 (any IPv4 inside)", ["2002:7f00:1::1", "2002:a9fe:a9fe::1", "2002:808:808::1"]],
  ["2620:4f:8000::/48 direct delegation AS112", ["2620:4f:8000::1"]],
  ["3fff::/20 documentation", ["3fff::1", "3fff:fff::1"]],
  ["5f00::/16 segment routing SIDs", ["5f00::1"]],
  ["fc00::/7 unique-local", ["fc00::1", "fd12:3456::1", "fd00:ec2::254"]],
  ["fe80::/10 link-local unicast", ["fe80::1", "febf::1"]],
  ["fec0::/10 deprecated site-local", ["fec0::1"]],
  ["ff00::/8 multicast", ["ff02::1", "ff0e::101"]],
  ["outside 2000::/3 global unicast", ["4000::1", "e000::1", "1::1"]],
];

describe("forbiddenAddressReason", () => {
  it.each([...IPV4_SPECIAL, ...IPV6_SPECIAL])("refuses %s", (_block, addresses) => {
    for (const ip of addresses) expect(forbiddenAddressReason(ip), ip).not.toBeNull();
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.215.14",
    "192.0.1.1", // beside 192.0.0.0/24 and 192.0.2.0/24
    "100.63.255.255", // just below CGNAT
    "2606:4700:4700::1111",
    "2a00:1450:4001:82a::200e",
    "::ffff:8.8.8.8", // mapped public IPv4 reaches that address
    "64:ff9b::808:808", // NAT64 of a public IPv4: how IPv6-only hosts reach IPv4 servers
  ])("accepts the public address %s", (ip) => {
    expect(forbiddenAddressReason(ip)).toBeNull();
  });

  it("names the kind of address an integrator has to change", () => {
    expect(forbiddenAddressReason("::ffff:0:7f00:1")).toBe("an IPv4/IPv6 transition address");
    expect(forbiddenAddressReason("2002:7f00:1::1")).toBe("an IPv4/IPv6 transition address");
    expect(forbiddenAddressReason("::7f00:1")).toBe("a reserved address");
    expect(forbiddenAddressReason("192.88.99.1")).toBe("a reserved address");
    expect(forbiddenAddressReason("255.255.255.255")).toBe("a broadcast address");
    expect(forbiddenAddressReason("not-an-ip")).toBe("not an IP address");
  });
});
