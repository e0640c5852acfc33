import { describe, expect, it } from "vitest";
import { explorerAddressUrl, explorerTxUrl } from "./explorer";
import { NETWORK_IDS } from "./networks";

const HASH = `0x${"ab".repeat(32)}`;

describe("explorer links", () => {
  it("links every network's transactions to its own explorer", () => {
    expect(explorerTxUrl("mainnet", HASH)).toBe(`https://etherscan.io/tx/${HASH}`);
    expect(explorerTxUrl("base", HASH)).toBe(`https://basescan.org/tx/${HASH}`);
    expect(explorerTxUrl("bsc", HASH)).toBe(`https://bscscan.com/tx/${HASH}`);
    expect(explorerTxUrl("sepolia", HASH)).toBe(`https://sepolia.etherscan.io/tx/${HASH}`);
    const urls = NETWORK_IDS.map((n) => explorerTxUrl(n, HASH));
    expect(new Set(urls).size).toBe(NETWORK_IDS.length);
  });

  it("links Tron transactions to Tronscan without the 0x", () => {
    expect(explorerTxUrl("tron", HASH)).toBe(`https://tronscan.org/#/transaction/${"ab".repeat(32)}`);
    expect(explorerTxUrl("tron", "ab".repeat(32))).toBe(`https://tronscan.org/#/transaction/${"ab".repeat(32)}`);
    expect(explorerAddressUrl("tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(
      "https://tronscan.org/#/address/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    );
  });

  it("links sandbox transactions to the service's own page, and sandbox addresses nowhere", () => {
    const sandbox = { origin: "http://localhost:3000" };
    expect(explorerTxUrl("base", HASH, sandbox)).toBe(`http://localhost:3000/sandbox/tx/base/${HASH}`);
    expect(explorerTxUrl("base", HASH, { origin: "" })).toBe(`/sandbox/tx/base/${HASH}`);
    expect(explorerAddressUrl("base", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", sandbox)).toBeNull();
  });

  it("has no link for an unknown network", () => {
    expect(explorerTxUrl("dogechain", HASH)).toBeNull();
  });
});
