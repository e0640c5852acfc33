import { describe, expect, it } from "vitest";
import { signingDataQuery } from "../payee-destinations/schemas";
import { destinationNetworkChoices } from "./payee-destination-choices";

describe("payee destination choices of the dashboard", () => {
  const choices = destinationNetworkChoices();

  it("offers the eight networks, Tron included, each with its USDC then its USDT and nothing else", () => {
    expect(choices.map((n) => n.id)).toEqual([
      "mainnet",
      "arbitrum-one",
      "optimism",
      "base",
      "matic",
      "bsc",
      "tron",
      "sepolia",
    ]);
    for (const n of choices)
      expect(
        n.tokens.map((t) => t.symbol),
        n.id,
      ).toEqual(["USDC", "USDT"]);
    expect(choices.find((n) => n.id === "tron")).toMatchObject({ family: "tron", chainId: 728126428 });
    expect(choices.find((n) => n.id === "bsc")?.tokens.map((t) => t.decimals)).toEqual([18, 18]);
  });

  it("offers only what the API accepts for signing data", () => {
    const wallet = { evm: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", tron: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE" };
    for (const n of choices) {
      for (const t of n.tokens) {
        const parsed = signingDataQuery.safeParse({
          walletAddress: wallet[n.family],
          chainId: String(n.chainId),
          tokenAddress: t.address,
          action: "add",
        });
        expect(parsed.success, `${n.id} ${t.symbol}`).toBe(true);
      }
    }
  });
});
