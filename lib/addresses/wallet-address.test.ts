import { describe, expect, it } from "vitest";
import { isZeroAddress, parseWalletAddress } from "./wallet-address";

describe("wallet addresses of fees and operators", () => {
  it("accepts EVM addresses and stores them checksummed", () => {
    expect(parseWalletAddress("0x6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7")).toEqual({
      kind: "evm",
      address: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    });
    expect(parseWalletAddress("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?.kind).toBe("evm");
  });

  it("accepts base58 Tron addresses as given", () => {
    expect(parseWalletAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toEqual({
      kind: "tron",
      address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    });
  });

  it("refuses a wrong EVM checksum, a wrong Tron checksum and garbage", () => {
    expect(parseWalletAddress("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7d7")).toBeNull();
    expect(parseWalletAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBeNull();
    for (const bad of ["", "0x123", "hello", "41a614f803b6fd780986a42c78ec9c7f77e6ded13c"])
      expect(parseWalletAddress(bad), bad).toBeNull();
  });

  it("knows the zero addresses of both kinds", () => {
    expect(isZeroAddress(parseWalletAddress("0x0000000000000000000000000000000000000000")!)).toBe(true);
    expect(isZeroAddress(parseWalletAddress("T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb")!)).toBe(true);
    expect(isZeroAddress(parseWalletAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")!)).toBe(false);
  });
});
