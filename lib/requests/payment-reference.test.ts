import { TronWeb } from "tronweb";
import { describe, expect, it } from "vitest";
import { isRequestId, newRequestId, newSalt, paymentReference } from "./payment-reference";

describe("request ids and salts", () => {
  it("request ids are 66 lowercase hex characters and never repeat", () => {
    const ids = new Set(Array.from({ length: 200 }, newRequestId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{66}$/);
    expect(isRequestId([...ids][0])).toBe(true);
    expect(isRequestId("01" + "g".repeat(64))).toBe(false);
    expect(isRequestId("0x" + "a".repeat(64))).toBe(false);
  });

  it("salts are 8 random bytes in hex", () => {
    expect(newSalt()).toMatch(/^[0-9a-f]{16}$/);
    expect(newSalt()).not.toBe(newSalt());
  });
});

describe("payment reference", () => {
  const requestId = "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb";
  const salt = "ea3bc7caf64110ca";
  const payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";

  it("is the last 8 bytes of keccak256 of the lowercased concatenation (checked with tronweb's keccak)", () => {
    const independent = TronWeb.sha3(`${requestId}${salt}${payee}`.toLowerCase()).slice(-16);
    expect(paymentReference(requestId, salt, payee)).toBe(`0x${independent}`);
    expect(paymentReference(requestId, salt, payee)).toMatch(/^0x[0-9a-f]{16}$/);
  });

  it("does not depend on the case of the address, but on every input", () => {
    const ref = paymentReference(requestId, salt, payee);
    expect(paymentReference(requestId, salt, payee.toLowerCase())).toBe(ref);
    expect(paymentReference(requestId.toUpperCase(), salt, payee)).toBe(ref);
    expect(paymentReference(requestId, "ea3bc7caf64110cb", payee)).not.toBe(ref);
    expect(paymentReference(requestId, salt, "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D8")).not.toBe(ref);
  });

  it("hashes a Tron payee's base58 text", () => {
    const tron = "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8";
    expect(paymentReference(requestId, salt, tron)).toBe(
      `0x${TronWeb.sha3(`${requestId}${salt}${tron}`.toLowerCase()).slice(-16)}`,
    );
  });
});
