import { describe, expect, it } from "vitest";
import { buildSignInMessage, parseSignInMessage, signInMessageProblem, TRON_CHAIN_ID } from "./sign-in-message";

const issuedAt = new Date("2026-01-02T03:04:05.000Z");
const expiresAt = new Date("2026-01-02T03:09:05.000Z");
const EVM = "0x71C7656EC7ab88b098defB751B7401B5f6d8976F";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const base = { appUrl: "https://pay.example.com", chainId: 1, nonce: "abcdef0123456789", issuedAt, expiresAt };

describe("sign-in message", () => {
  it("is an EIP-4361 message with domain, address, URI, version 1, nonce, issued-at and expiration", () => {
    const m = buildSignInMessage("evm", { ...base, address: EVM });
    expect(m.split("\n")).toEqual([
      "pay.example.com wants you to sign in with your Ethereum account:",
      EVM,
      "",
      expect.stringContaining("Sign in to Stablelink"),
      "",
      "URI: https://pay.example.com",
      "Version: 1",
      "Chain ID: 1",
      "Nonce: abcdef0123456789",
      "Issued At: 2026-01-02T03:04:05.000Z",
      "Expiration Time: 2026-01-02T03:09:05.000Z",
    ]);
  });

  it("names the scheme of a plain-http origin such as localhost", () => {
    const m = buildSignInMessage("evm", { ...base, appUrl: "http://localhost:3000", address: EVM });
    expect(m.startsWith("http://localhost:3000 wants you to sign in")).toBe(true);
    expect(parseSignInMessage("evm", m)).toMatchObject({
      scheme: "http",
      domain: "localhost:3000",
      uri: "http://localhost:3000",
    });
  });

  it("writes the same message for Tron with the base58 address and Tron's chain id, and reads it back", () => {
    const m = buildSignInMessage("tron", { ...base, chainId: TRON_CHAIN_ID, address: TRON });
    expect(m.split("\n").slice(0, 2)).toEqual(["pay.example.com wants you to sign in with your Tron account:", TRON]);
    expect(parseSignInMessage("tron", m)).toEqual({
      scheme: undefined,
      domain: "pay.example.com",
      address: TRON,
      statement: expect.stringContaining("Sign in to Stablelink"),
      uri: "https://pay.example.com",
      version: "1",
      chainId: TRON_CHAIN_ID,
      nonce: "abcdef0123456789",
      issuedAt: issuedAt.toISOString(),
      expirationTime: expiresAt.toISOString(),
      notBefore: undefined,
    });
  });

  it("refuses malformed messages: a lowercase EVM address, a Tron message read as EVM, extra lines", () => {
    const evm = buildSignInMessage("evm", { ...base, address: EVM });
    expect(parseSignInMessage("evm", evm.replace(EVM, EVM.toLowerCase()))).toBeNull();
    expect(parseSignInMessage("evm", buildSignInMessage("tron", { ...base, address: TRON }))).toBeNull();
    expect(
      parseSignInMessage("tron", buildSignInMessage("tron", { ...base, address: TRON }) + "\nRequest ID: 1"),
    ).toBeNull();
    expect(parseSignInMessage("tron", "")).toBeNull();
  });

  it("is refused for another domain, another URI, another nonce or address, and after it expired", () => {
    const f = parseSignInMessage("evm", buildSignInMessage("evm", { ...base, address: EVM }))!;
    const ok = {
      appUrl: "https://pay.example.com",
      nonce: base.nonce,
      address: EVM,
      now: new Date(issuedAt.getTime() + 1000),
    };
    expect(signInMessageProblem(f, ok)).toBeNull();
    expect(signInMessageProblem(f, { ...ok, appUrl: "https://evil.example" })).toMatch(/issued for pay.example.com/);
    expect(signInMessageProblem(f, { ...ok, appUrl: "http://pay.example.com" })).toMatch(/not for this service/);
    expect(signInMessageProblem({ ...f, uri: "https://pay.example.com/other" }, ok)).toMatch(/URI/);
    expect(signInMessageProblem(f, { ...ok, nonce: "somethingelse1" })).toMatch(/nonce/);
    expect(signInMessageProblem(f, { ...ok, address: "0x0000000000000000000000000000000000000001" })).toMatch(
      /address/,
    );
    expect(signInMessageProblem(f, { ...ok, now: expiresAt })).toMatch(/expired/);
    expect(signInMessageProblem({ ...f, expirationTime: undefined }, ok)).toMatch(/expiration/);
    expect(signInMessageProblem({ ...f, notBefore: expiresAt.toISOString() }, ok)).toMatch(/not valid yet/);
  });
});
