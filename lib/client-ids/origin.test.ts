import { describe, expect, it } from "vitest";
import { isOriginAllowed } from "./origin";

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
