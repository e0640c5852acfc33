import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  matchTotp,
  otpauthUrl,
  totpCode,
  totpStep,
} from "./totp";

// RFC 6238 Appendix B: the seeds are ASCII "1234567890" repeated to the hash's key size.
const SEED = {
  sha1: Buffer.from("12345678901234567890"),
  sha256: Buffer.from("12345678901234567890123456789012"),
  sha512: Buffer.from("1234567890123456789012345678901234567890123456789012345678901234"),
};
const VECTORS: [number, string, string, string][] = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

describe("TOTP (RFC 6238)", () => {
  it("gives the RFC 6238 test vectors (8 digits, SHA-1, SHA-256, SHA-512)", () => {
    for (const [seconds, sha1, sha256, sha512] of VECTORS) {
      const step = totpStep(new Date(seconds * 1000));
      expect(hotp(SEED.sha1, step, 8, "sha1")).toBe(sha1);
      expect(hotp(SEED.sha256, step, 8, "sha256")).toBe(sha256);
      expect(hotp(SEED.sha512, step, 8, "sha512")).toBe(sha512);
    }
  });

  it("gives the 6-digit SHA-1 codes apps show (the last 6 digits of the RFC's vectors)", () => {
    const secret = base32Encode(SEED.sha1);
    expect(secret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    for (const [seconds, sha1] of VECTORS) expect(totpCode(secret, new Date(seconds * 1000))).toBe(sha1.slice(2));
  });

  it("round-trips base32 and ignores case, spaces and padding", () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret.toLowerCase().replace(/(.{4})/g, "$1 ")))).toBe(secret);
    expect(() => base32Decode("not base32!")).toThrow();
  });

  it("accepts the code of the step before, the step and the step after, and no other", () => {
    const secret = generateTotpSecret();
    const at = new Date(1_700_000_015_000);
    const step = totpStep(at);
    for (const d of [-1, 0, 1]) {
      const code = totpCode(secret, new Date(at.getTime() + d * 30_000));
      expect(matchTotp(secret, code, at, null)).toBe(step + d);
    }
    for (const d of [-2, 2]) {
      const code = totpCode(secret, new Date(at.getTime() + d * 30_000));
      expect(matchTotp(secret, code, at, null)).toBeNull();
    }
  });

  it("refuses a code of a step at or before the last accepted one (no replay)", () => {
    const secret = generateTotpSecret();
    const at = new Date(1_700_000_015_000);
    const code = totpCode(secret, at);
    const step = matchTotp(secret, code, at, null);
    expect(step).toBe(totpStep(at));
    expect(matchTotp(secret, code, at, step)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at, step)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at, step)).toBe(step! + 1);
  });

  it("refuses codes that are not 6 digits", () => {
    const secret = generateTotpSecret();
    const code = totpCode(secret, new Date());
    for (const bad of ["", "12345", "1234567", `${code} `, "abcdef"])
      expect(matchTotp(secret, bad, new Date(), null)).toBeNull();
  });

  it("writes an otpauth URL with the issuer, account and parameters", () => {
    const url = new URL(otpauthUrl("JBSWY3DPEHPK3PXP", "a@example.com"));
    expect(url.protocol).toBe("otpauth:");
    expect(url.href.startsWith("otpauth://totp/Stablelink%3Aa%40example.com?")).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: "JBSWY3DPEHPK3PXP",
      issuer: "Stablelink",
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
  });
});
