import { describe, expect, it } from "vitest";
import { isOriginAllowed, normalizeAllowedDomain } from "./origin";

describe("client ID origin check", () => {
  it("matches full origins exactly, including scheme and port", () => {
    expect(isOriginAllowed("https://shop.example.com", ["https://shop.example.com"])).toBe(true);
    expect(isOriginAllowed("http://shop.example.com", ["https://shop.example.com"])).toBe(false);
    expect(isOriginAllowed("https://shop.example.com:8443", ["https://shop.example.com"])).toBe(false);
  });
  it("matches bare hosts and wildcard subdomains on any scheme", () => {
    expect(isOriginAllowed("http://localhost:3000", ["localhost"])).toBe(true);
    expect(isOriginAllowed("https://a.example.com", ["*.example.com"])).toBe(true);
    expect(isOriginAllowed("https://example.com", ["*.example.com"])).toBe(false);
    expect(isOriginAllowed("https://evilexample.com", ["*.example.com"])).toBe(false);
  });
  it("refuses a missing, opaque or malformed origin", () => {
    expect(isOriginAllowed(null, ["*"])).toBe(false);
    expect(isOriginAllowed("null", ["*"])).toBe(false);
    expect(isOriginAllowed("not a url", ["*"])).toBe(false);
  });
});

describe("allowedDomains entries", () => {
  it("stores full origins normalized: lowercase, no trailing slash, no default port", () => {
    expect(normalizeAllowedDomain("https://Shop.Example.com/")).toBe("https://shop.example.com");
    expect(normalizeAllowedDomain("https://shop.example.com:443")).toBe("https://shop.example.com");
    expect(normalizeAllowedDomain("http://localhost:3000")).toBe("http://localhost:3000");
    expect(normalizeAllowedDomain("  https://app.example.com  ")).toBe("https://app.example.com");
  });

  it("stores hosts and wildcard subdomains, unicode hosts in punycode", () => {
    expect(normalizeAllowedDomain("Shop.Example.com")).toBe("shop.example.com");
    expect(normalizeAllowedDomain("*.example.com")).toBe("*.example.com");
    expect(normalizeAllowedDomain("localhost")).toBe("localhost");
    expect(normalizeAllowedDomain("bücher.example")).toBe("xn--bcher-kva.example");
  });

  it("refuses what is not an origin or a host pattern", () => {
    for (const bad of [
      "",
      "*",
      "*.com",
      "ftp://example.com",
      "javascript:alert(1)",
      "https://example.com/path",
      "https://example.com?x=1",
      "https://example.com#top",
      "https://user:pw@example.com",
      "example.com/path",
      "example.com:8080",
      "exa mple.com",
      "-bad-.example.com",
      "a.*.example.com",
      "https://",
      "null",
      "x".repeat(300) + ".com",
      "shop.example.com\u0000",
    ]) {
      expect(normalizeAllowedDomain(bad), bad).toBeNull();
    }
  });

  it("normalized entries keep the meaning isOriginAllowed gives them", () => {
    const stored = ["https://Shop.Example.com/", "*.Example.org", "localhost"].map((e) => normalizeAllowedDomain(e)!);
    expect(isOriginAllowed("https://shop.example.com", stored)).toBe(true);
    expect(isOriginAllowed("https://a.example.org", stored)).toBe(true);
    expect(isOriginAllowed("http://localhost:5173", stored)).toBe(true);
    expect(isOriginAllowed("https://evil.example.com", stored)).toBe(false);
  });
});
