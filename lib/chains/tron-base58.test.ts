import { randomBytes } from "node:crypto";
import { TronWeb } from "tronweb";
import { describe, expect, it } from "vitest";
import { decodeBase58Check, encodeBase58Check } from "./tron-base58";

describe("Tron base58check without TronWeb", () => {
  it("agrees with TronWeb both ways on 500 random addresses", () => {
    for (let i = 0; i < 500; i++) {
      const payload = `41${randomBytes(20).toString("hex")}`;
      const base58 = encodeBase58Check(payload);
      expect(base58).toBe(TronWeb.address.fromHex(payload));
      expect(decodeBase58Check(base58)).toBe(TronWeb.address.toHex(base58).toLowerCase());
    }
  });

  it("refuses a changed character, a foreign character and a wrong length", () => {
    expect(decodeBase58Check("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe("41a614f803b6fd780986a42c78ec9c7f77e6ded13c");
    expect(decodeBase58Check("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBeNull();
    expect(decodeBase58Check("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60")).toBeNull(); // 0 is not base58
    expect(decodeBase58Check("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt")).toBeNull();
    expect(decodeBase58Check("")).toBeNull();
  });
});
