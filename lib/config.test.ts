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

  it("puts the sandbox chains on the ports SANDBOX_PORTS lists, overriding SANDBOX_PORT_BASE, the Tron node last", () => {
    const c = parseConfig({
      SANDBOX_PORT_BASE: "30000",
      SANDBOX_PORTS: "40007, 40006,40005,40004,40003,40002,40001,40000",
    });
    expect(c.sandboxPorts).toEqual({
      mainnet: 40007,
      "arbitrum-one": 40006,
      optimism: 40005,
      base: 40004,
      matic: 40003,
      bsc: 40002,
      sepolia: 40001,
      tron: 40000,
    });
    expect(c.TRONGRID_URL).toBe("http://127.0.0.1:40000");
    expect(parseConfig({ SANDBOX_PORT_BASE: "30000" }).sandboxPorts).toMatchObject({ mainnet: 30000, tron: 30007 });
  });

  it("refuses SANDBOX_PORTS that are not eight distinct ports, and a SANDBOX_PORT_BASE whose chains pass 65535", () => {
    const problem = (env: Record<string, string>) => {
      try {
        parseConfig(env);
        return "accepted";
      } catch (err) {
        return (err as ConfigError).problems.join("\n");
      }
    };
    expect(problem({ SANDBOX_PORTS: "40000,40001" })).toMatch(/^SANDBOX_PORTS: expected 8 ports .*mainnet, .*tron$/);
    expect(problem({ SANDBOX_PORTS: "1,2,3,4,5,6,7,70000" })).toMatch(/^SANDBOX_PORTS: expected 8 ports/);
    expect(problem({ SANDBOX_PORTS: "1,2,3,4,5,6,7,x" })).toMatch(/^SANDBOX_PORTS: expected 8 ports/);
    expect(problem({ SANDBOX_PORTS: "1,2,3,4,5,6,7,7" })).toBe(
      "SANDBOX_PORTS: expected distinct ports; one is listed twice",
    );
    expect(problem({ SANDBOX_PORT_BASE: "65530" })).toMatch(/^SANDBOX_PORT_BASE: expected a port up to 65528/);
    expect(problem({ SANDBOX_PORT_BASE: "65528" })).toBe("accepted");
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

  it("reads SMTP_URL (smtp or smtps) with its SMTP_FROM, hides the URL in errors, and defaults the sender", () => {
    const c = parseConfig({
      SMTP_URL: "smtps://user:p%40ss@mail.example.com:465",
      SMTP_FROM: "Shop <no-reply@shop.example>",
    });
    expect(c.SMTP_URL).toBe("smtps://user:p%40ss@mail.example.com:465");
    expect(c.SMTP_FROM).toBe("Shop <no-reply@shop.example>");
    expect(parseConfig({ APP_URL: "https://pay.shop.example" }).SMTP_FROM).toBe(
      "Stablelink <no-reply@pay.shop.example>",
    );
    expect(() => parseConfig({ SMTP_URL: "https://user:secret@mail.example.com" })).toThrow(
      /SMTP_URL: expected an smtp:\/\/ or smtps:\/\/ URL .*\(got "<hidden>"\)/,
    );
    expect(() => parseConfig({ SMTP_URL: "https://user:secret@mail.example.com" })).not.toThrow(/secret/);
    expect(() => parseConfig({ SMTP_URL: "smtp://mail.example.com:587" })).toThrow(/SMTP_FROM: expected the sender/);
    expect(() => parseConfig({ SMTP_URL: "smtp://mail.example.com", SMTP_FROM: "not an address" })).toThrow(
      /SMTP_FROM: expected an address, or a name and <address>/,
    );
  });

  it("treats empty variables as unset", () => {
    expect(parseConfig({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });
});
