// The sandbox's data tables agree with the currency list the service ships
// (lib/chains/currencies.json, built from reference/token-list.json). The JSON is read as
// data, not through lib/chains/currencies.ts, whose API belongs to another part.
import { getAddress, keccak256, toBytes } from "viem";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { CONTRACT_NAMES, findContract } from "../chains/contracts";
import currencies from "../chains/currencies.json";
import { EVM_NETWORK_IDS } from "../chains/networks";
import { ANVIL_MNEMONIC, DEMO_WALLETS, SANDBOX_ADMIN } from "./accounts";
import { FIAT_USD_RATES, fiatHash, NATIVE_CURRENCIES, priceFeeds, USD_HASH } from "./price-feeds";
import { TEST_TOKENS } from "./sandbox-tokens";

interface ListedCurrency {
  id: string;
  symbol: string;
  decimals: number;
  address: string;
  network: string;
  type: string;
  hash: string;
}
const list = currencies as ListedCurrency[];
const byId = (id: string) => list.find((c) => c.id === id);

describe("test tokens", () => {
  it("sit at the listed production addresses with the listed decimals", () => {
    for (const network of EVM_NETWORK_IDS) {
      for (const token of TEST_TOKENS[network]) {
        const listed = byId(token.currencyId);
        expect(listed, token.currencyId).toBeDefined();
        expect(listed!.network).toBe(network);
        expect(token.address.toLowerCase()).toBe(listed!.address.toLowerCase());
        expect(token.decimals, token.currencyId).toBe(listed!.decimals);
        expect(getAddress(token.address)).toBe(token.address);
      }
    }
  });

  it("give every network a USDC-like and a USDT-like token; bsc's have 18 decimals", () => {
    for (const network of EVM_NETWORK_IDS) {
      const kinds = TEST_TOKENS[network].map((t) => t.kind);
      expect(kinds).toContain("permit");
      expect(kinds).toContain("tether");
    }
    expect(TEST_TOKENS.bsc.filter((t) => t.symbol !== "DAI").map((t) => t.decimals)).toEqual([18, 18]);
  });

  it("include DAI wherever the list has it on that network", () => {
    for (const network of EVM_NETWORK_IDS) {
      const listed = list.some((c) => c.network === network && c.symbol === "DAI");
      expect(
        TEST_TOKENS[network].some((t) => t.symbol === "DAI"),
        network,
      ).toBe(listed);
    }
  });

  it("never collide with a payment contract on the same network", () => {
    for (const network of EVM_NETWORK_IDS) {
      const contracts = CONTRACT_NAMES.map((n) => findContract(network, n)?.address.toLowerCase());
      for (const token of TEST_TOKENS[network]) expect(contracts).not.toContain(token.address.toLowerCase());
    }
  });
});

describe("price feeds", () => {
  it("use Request Network's currency hashes", () => {
    expect(USD_HASH.toLowerCase()).toBe("0x775eb53d00dd0acd3ec1696472105d579b9b386b"); // docs/protocol.md
    for (const code of ["USD", ...Object.keys(FIAT_USD_RATES)])
      expect(fiatHash(code).toLowerCase()).toBe(byId(code)!.hash.toLowerCase());
    for (const network of EVM_NETWORK_IDS) {
      const native = list.find((c) => c.network === network && c.type === "ETH");
      expect(NATIVE_CURRENCIES[network].hash.toLowerCase(), network).toBe(native!.hash.toLowerCase());
      const json = JSON.stringify({ type: "ETH", value: native!.symbol }).toLowerCase();
      expect(`0x${keccak256(toBytes(json)).slice(-40)}`).toBe(native!.hash.toLowerCase());
    }
  });

  it("cover the invoice fiats, every test token and the native coin, in USD with 8 decimals", () => {
    const feeds = priceFeeds("base");
    const rate = (description: string) => feeds.find((f) => f.description === description)?.answer;
    expect(rate("EUR / USD")).toBe(108_000_000n);
    expect(rate("GBP / USD")).toBe(127_000_000n);
    expect(rate("USDC / USD")).toBe(100_000_000n);
    expect(rate("USDT / USD")).toBe(100_000_000n);
    expect(rate("ETH-base / USD")).toBe(300_000_000_000n);
    for (const code of ["EUR", "GBP", "CNY", "JPY"]) expect(rate(`${code} / USD`), code).toBeDefined();
    expect(new Set(feeds.map((f) => f.address)).size).toBe(feeds.length);
    expect(feeds.every((f) => f.output === USD_HASH)).toBe(true);
  });
});

describe("accounts", () => {
  it("demo wallets are anvil's default mnemonic accounts", () => {
    DEMO_WALLETS.forEach((w, i) =>
      expect(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).address).toBe(w.address),
    );
    for (const w of DEMO_WALLETS) expect(privateKeyToAccount(w.privateKey).address).toBe(w.address);
  });

  it("the admin key is the documented one and not a demo wallet", () => {
    expect(SANDBOX_ADMIN.privateKey).toBe(keccak256(toBytes("stablelink sandbox admin")));
    expect(privateKeyToAccount(SANDBOX_ADMIN.privateKey).address).toBe(SANDBOX_ADMIN.address);
    expect(DEMO_WALLETS.map((w) => w.address)).not.toContain(SANDBOX_ADMIN.address);
  });
});
