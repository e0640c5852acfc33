import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./encrypt-at-rest";

describe("secrets encrypted at rest", () => {
  const key = randomBytes(32);

  it("reads back what it wrote, and never stores the plaintext", () => {
    const stored = encryptSecret("whsec_top-secret", "webhook-secret", key);
    expect(stored).not.toContain("top-secret");
    expect(decryptSecret(stored, "webhook-secret", key)).toBe("whsec_top-secret");
    // A fresh IV each time: the same secret never gives the same ciphertext.
    expect(encryptSecret("whsec_top-secret", "webhook-secret", key)).not.toBe(stored);
  });

  it("refuses a value tampered with, another key, or another purpose", () => {
    const stored = encryptSecret("whsec_top-secret", "webhook-secret", key);
    const [iv, tag, ct] = stored.split(".");
    const flipped = Buffer.from(ct, "base64");
    flipped[0] ^= 1;
    expect(() => decryptSecret([iv, tag, flipped.toString("base64")].join("."), "webhook-secret", key)).toThrow();
    expect(() => decryptSecret(stored, "webhook-secret", randomBytes(32))).toThrow();
    expect(() => decryptSecret(stored, "bank-details", key)).toThrow();
  });
});
