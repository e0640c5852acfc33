// The source of a request is the peer the server saw, unless configured proxies vouch for an
// address to its left: a client's own X-Forwarded-For entries never choose its rate-limit key.
import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "../log";
import { clientAddressOf, NO_TRUSTED_PROXY, parseTrustedProxies, untrustedForwarder } from "./client-address";
import { clientIp, resetForwarderWarningForTests } from "./client-ip";

describe("clientAddressOf", () => {
  it("trusts no forwarding header by default: the peer the server appended is the source", () => {
    expect(clientAddressOf("203.0.113.9", NO_TRUSTED_PROXY)).toBe("203.0.113.9");
    expect(clientAddressOf("1.2.3.4, 5.6.7.8, 203.0.113.9", NO_TRUSTED_PROXY)).toBe("203.0.113.9");
    expect(clientAddressOf("::ffff:127.0.0.1", NO_TRUSTED_PROXY)).toBe("127.0.0.1");
    expect(clientAddressOf(null, NO_TRUSTED_PROXY)).toBe("unknown");
  });

  it("with a number of hops, takes the address that many proxies in front of the peer", () => {
    const one = parseTrustedProxies("1");
    expect(clientAddressOf("198.51.100.4, 10.0.0.2", one)).toBe("198.51.100.4");
    // A client's own forged entries stay to the left of what the proxy appended.
    expect(clientAddressOf("6.6.6.6, 198.51.100.4, 10.0.0.2", one)).toBe("198.51.100.4");
    expect(clientAddressOf("10.0.0.2", one)).toBe("10.0.0.2"); // came straight in: nothing to the left
    expect(clientAddressOf("7.7.7.7, 198.51.100.4, 10.0.0.3, 10.0.0.2", parseTrustedProxies("2"))).toBe("198.51.100.4");
  });

  it("with proxy addresses, walks left past trusted proxies only", () => {
    const lb = parseTrustedProxies("10.0.0.0/8, 2001:db8::7");
    expect(clientAddressOf("198.51.100.4, 10.1.2.3", lb)).toBe("198.51.100.4");
    expect(clientAddressOf("6.6.6.6, 198.51.100.4, 10.9.9.9, 10.1.2.3", lb)).toBe("198.51.100.4");
    expect(clientAddressOf("198.51.100.4, 2001:db8::7", lb)).toBe("198.51.100.4");
    // A peer that is not a trusted proxy is the source, whatever it forwards.
    expect(clientAddressOf("1.1.1.1, 203.0.113.50", lb)).toBe("203.0.113.50");
    expect(clientAddressOf("10.0.0.1, 10.0.0.2", lb)).toBe("10.0.0.1");
  });

  it("keeps a garbage entry a trusted proxy forwarded as the key, never failing", () => {
    expect(clientAddressOf("<script>, 10.0.0.2", parseTrustedProxies("1"))).toBe("<script>");
  });
});

describe("parseTrustedProxies", () => {
  it("reads none, hops, addresses and ranges, and names a wrong entry", () => {
    expect(parseTrustedProxies("")).toEqual({ hops: 0 });
    expect(parseTrustedProxies("2")).toEqual({ hops: 2 });
    expect("ranges" in parseTrustedProxies("192.168.0.0/16,::1")).toBe(true);
    expect(() => parseTrustedProxies("10.0.0.0/8, proxy.internal")).toThrow(/proxy\.internal/);
    expect(() => parseTrustedProxies("10.0.0.0/40")).toThrow(/10\.0\.0\.0\/40/);
  });
});

describe("a proxy TRUSTED_PROXIES does not trust", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetForwarderWarningForTests();
  });

  it("is named when a request comes through it, and not when a trusted one or the client itself sent it", () => {
    expect(untrustedForwarder("198.51.100.4, 10.0.0.2", parseTrustedProxies(""))).toBe("10.0.0.2");
    expect(untrustedForwarder("198.51.100.4, 10.0.0.2", parseTrustedProxies("10.0.0.0/8"))).toBeNull();
    expect(untrustedForwarder("198.51.100.4, 10.0.0.2", parseTrustedProxies("1"))).toBeNull();
    expect(untrustedForwarder("198.51.100.4, 10.0.0.2", parseTrustedProxies("192.168.0.0/16"))).toBe("10.0.0.2");
    expect(untrustedForwarder("203.0.113.50", parseTrustedProxies(""))).toBeNull();
    expect(untrustedForwarder(null, parseTrustedProxies(""))).toBeNull();
  });

  it("is warned about once per process, naming the proxy and never the client behind it", () => {
    const warn = vi.spyOn(log, "warn");
    const through = (xff: string) =>
      clientIp(new Request("http://localhost/", { headers: { "x-forwarded-for": xff } }));
    expect(through("203.0.113.50")).toBe("203.0.113.50");
    expect(warn).not.toHaveBeenCalled();
    expect(through("198.51.100.4, 10.0.0.2")).toBe("10.0.0.2");
    expect(through("198.51.100.5, 10.0.0.2")).toBe("10.0.0.2");
    expect(warn).toHaveBeenCalledTimes(1);
    const [fields, message] = warn.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(fields).toEqual({ proxy: "10.0.0.2" });
    expect(message).toMatch(/TRUSTED_PROXIES/);
    expect(JSON.stringify(warn.mock.calls)).not.toContain("198.51.100.4");
  });
});
