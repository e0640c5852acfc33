import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

describe("configuration", () => {
  it("defaults to the sandbox on port 3000 with data in ./.data", () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.sandbox).toBe(true);
    expect(c.DATA_DIR.endsWith(".data")).toBe(true);
    expect(c.APP_URL).toBe("http://localhost:3000");
  });

  it("points TRONGRID_URL at the Tron sandbox node in the sandbox, at TronGrid otherwise, and keeps a value given", () => {
    expect(parseConfig({}).TRONGRID_URL).toBe("http://127.0.0.1:18552");
    expect(parseConfig({ SANDBOX_PORT_BASE: "61400" }).TRONGRID_URL).toBe("http://127.0.0.1:61407");
    expect(parseConfig({ RPC_URL_BASE: "https://base.example.org" }).TRONGRID_URL).toBe("https://api.trongrid.io");
    expect(parseConfig({ TRONGRID_URL: "https://nile.trongrid.io" }).TRONGRID_URL).toBe("https://nile.trongrid.io");
  });

  it("names the variable and what it expects when a value is wrong", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(ConfigError);
    try {
      parseConfig({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    } catch (err) {
      const msg = (err as Error).message;
      expect(msg).toMatch(/PORT: expected .*number/);
      expect(msg).toMatch(/DATABASE_URL: expected .*postgres/);
      expect(msg).not.toContain("mysql://x"); // URLs may hold passwords
    }
  });

  it("leaves the sandbox when an RPC URL is configured and then requires an encryption key in production", () => {
    expect(parseConfig({ RPC_URL_BASE: "https://base.example.org" }).sandbox).toBe(false);
    expect(() => parseConfig({ NODE_ENV: "production", RPC_URL_BASE: "https://base.example.org" })).toThrow(
      /ENCRYPTION_KEY/,
    );
    const c = parseConfig({
      NODE_ENV: "production",
      RPC_URL_BASE: "https://base.example.org",
      ENCRYPTION_KEY: "ab".repeat(32),
    });
    expect(c.rpcUrls.base).toEqual(["https://base.example.org"]);
    expect(c.production).toBe(true);
  });

  it("trusts no proxy by default, and reads TRUSTED_PROXIES as hops or addresses", () => {
    expect(parseConfig({}).trustedProxies).toEqual({ hops: 0 });
    expect(parseConfig({ TRUSTED_PROXIES: "1" }).trustedProxies).toEqual({ hops: 1 });
    expect("ranges" in parseConfig({ TRUSTED_PROXIES: "10.0.0.0/8,127.0.0.1" }).trustedProxies).toBe(true);
    expect(() => parseConfig({ TRUSTED_PROXIES: "lb.internal" })).toThrow(/TRUSTED_PROXIES: .*lb\.internal/);
  });

  it("screens with the OFAC list and the oracle by default, refuses on provider errors, and checks the provider list", () => {
    const c = parseConfig({});
    expect([c.KYT_PROVIDERS, c.KYT_ON_PROVIDER_ERROR, c.KYT_CACHE_SECONDS]).toEqual([
      "ofac-list,sanctions-oracle",
      "refuse",
      3600,
    ]);
    expect(() => parseConfig({ KYT_PROVIDERS: "ofac-list,hypernative" })).toThrow(
      /KYT_PROVIDERS: expected one or more of ofac-list, sanctions-oracle, chainalysis-api/,
    );
    expect(() => parseConfig({ KYT_PROVIDERS: "chainalysis-api" })).toThrow(/KYT_API_KEY/);
    expect(parseConfig({ KYT_PROVIDERS: "chainalysis-api", KYT_API_KEY: "k" }).KYT_PROVIDERS).toBe("chainalysis-api");
    expect(() => parseConfig({ KYT_ON_PROVIDER_ERROR: "ignore" })).toThrow(/KYT_ON_PROVIDER_ERROR/);
  });

  it("treats empty variables as unset", () => {
    expect(parseConfig({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });
});
