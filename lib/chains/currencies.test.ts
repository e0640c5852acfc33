import { keccak256, stringToBytes } from "viem";
import { describe, expect, it } from "vitest";
import {
  CURRENCIES,
  type Currency,
  conversionRoutes,
  currencyHash,
  findCurrencies,
  getCurrency,
  isFiat,
  isNative,
  tokenByAddress,
} from "./currencies";
import { EVM_NETWORK_IDS, NETWORK_IDS, NETWORKS, type NetworkId } from "./networks";

// Written out here, independently of the implementation, from docs/protocol.md.
function referenceHash(type: string, value: string): string {
  const json = JSON.stringify({ type, value }).toLowerCase();
  return `0x${keccak256(stringToBytes(json)).slice(2 + 12 * 2)}`; // last 20 of the 32 bytes
}

const ids = (list: readonly Currency[] | undefined) => list?.map((c) => c.id);

describe("currency records", () => {
  it("has USDC and USDT on Base at the production addresses with 6 decimals", () => {
    expect(getCurrency("USDC-base")).toMatchObject({
      address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      decimals: 6,
      chainId: 8453,
      type: "ERC20",
    });
    expect(getCurrency("USDT-base")).toMatchObject({
      address: "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2",
      decimals: 6,
      chainId: 8453,
    });
  });

  it("gives the BNB Smart Chain stablecoins 18 decimals", () => {
    expect(getCurrency("USDC-bsc")?.decimals).toBe(18);
    expect(getCurrency("USDT-bsc")?.decimals).toBe(18);
  });

  it("has USDT0 aliases sharing the USDT contract on arbitrum-one, optimism and matic", () => {
    expect(getCurrency("USDT0-arbitrum-one")).toMatchObject({
      symbol: "USDT0",
      name: "USD₮0",
      address: "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9",
      decimals: 6,
    });
    for (const network of ["arbitrum-one", "optimism", "matic"]) {
      const usdt = getCurrency(`USDT-${network}`)!;
      expect(getCurrency(`USDT0-${network}`)).toMatchObject({
        address: usdt.address,
        hash: usdt.hash,
        decimals: usdt.decimals,
        chainId: usdt.chainId,
      });
    }
    expect(getCurrency("USDT0-base")).toBeUndefined();
  });

  it("keeps the published ids, and the Tron tokens", () => {
    expect(getCurrency("USDCn-optimism")?.symbol).toBe("USDC");
    expect(getCurrency("USDT-tron")).toMatchObject({
      address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      decimals: 6,
      type: "TRC20",
    });
    expect(getCurrency("USDC-tron")?.address).toBe("TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8");
  });

  it("holds only the eight networks and fiat, with unique ids and the networks' chain ids", () => {
    expect(new Set(CURRENCIES.map((c) => c.id)).size).toBe(CURRENCIES.length);
    for (const c of CURRENCIES) {
      if (isFiat(c)) expect([c.network, c.chainId]).toEqual(["fiat", 0]);
      else expect(c.chainId).toBe(NETWORKS[c.network as NetworkId].chainId);
    }
    for (const network of NETWORK_IDS) {
      const native = NETWORKS[network].nativeCurrencyId;
      if (native) expect(isNative(getCurrency(native)!)).toBe(true);
    }
  });

  it("matches ids exactly", () => {
    expect(getCurrency("usdc-base")).toBeUndefined();
    expect(getCurrency("NOPE-base")).toBeUndefined();
  });
});

describe("currency hashes", () => {
  it("reproduces the published USD, EUR and ETH hashes", () => {
    expect(referenceHash("ISO4217", "USD")).toBe("0x775eb53d00dd0acd3ec1696472105d579b9b386b");
    expect(referenceHash("ISO4217", "EUR")).toBe(getCurrency("EUR")!.hash);
    expect(referenceHash("ETH", "ETH")).toBe("0xf5af88e117747e87fc5929f2ff87221b1447652e");
  });

  it("reproduces the hash of every fiat and native record from its type and symbol", () => {
    const computed = CURRENCIES.filter((c) => isFiat(c) || isNative(c));
    expect(computed.length).toBeGreaterThan(170);
    for (const c of computed) {
      expect(referenceHash(c.type, c.symbol), c.id).toBe(c.hash);
      expect(currencyHash(c), c.id).toBe(c.hash);
    }
  });

  it("uses a token's address as its hash", () => {
    expect(currencyHash(getCurrency("USDC-base")!)).toBe("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    expect(currencyHash(getCurrency("USDT-tron")!)).toBe("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  });
});

describe("lookups", () => {
  it("filters by network, symbol (any case) and id", () => {
    expect(ids(findCurrencies({ network: "base", symbol: "usdc" }))).toEqual(["USDC-base"]);
    expect(ids(findCurrencies({ network: "sepolia" }))).toEqual([
      "FAU-sepolia",
      "fUSDT-sepolia",
      "fUSDC-sepolia",
      "ETH-sepolia-sepolia",
    ]);
    expect(ids(findCurrencies({ id: "USDT-tron" }))).toEqual(["USDT-tron"]);
    expect(findCurrencies({ network: "avalanche" })).toEqual([]);
    expect(findCurrencies({ symbol: "USDC" }).every((c) => NETWORK_IDS.includes(c.network as NetworkId))).toBe(true);
  });

  it("finds a token by address, ignoring case on EVM only", () => {
    expect(tokenByAddress("base", "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913")?.id).toBe("USDC-base");
    expect(tokenByAddress("arbitrum-one", "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9")?.id).toBe("USDT-arbitrum-one");
    expect(tokenByAddress("tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")?.id).toBe("USDT-tron");
    expect(tokenByAddress("tron", "tr7nhqjekqxgtci8q8zy4pl8otszgjlj6t")).toBeUndefined();
    expect(tokenByAddress("mainnet", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")).toBeUndefined();
  });
});

describe("conversion routes", () => {
  it("converts USD to the stablecoins of the EVM networks and to Tron's USDT and USDC", () => {
    const routes = conversionRoutes("USD")!;
    expect(ids(routes)).toContain("USDC-base");
    expect(ids(routes)).toContain("USDT0-arbitrum-one");
    expect(ids(routes)).toContain("FAU-sepolia");
    expect(ids(routes.filter((c) => c.network === "tron"))?.sort()).toEqual(["USDC-tron", "USDT-tron"]);
    expect(routes.every((c) => [...EVM_NETWORK_IDS, "tron"].includes(c.network as never))).toBe(true);
    expect(routes.every((c) => ["USDC", "USDT", "USDT0", "DAI", "FAU", "fUSDC", "fUSDT"].includes(c.symbol))).toBe(
      true,
    );
  });

  it("narrows routes to the requested networks", () => {
    expect(ids(conversionRoutes("EUR", ["base"]))).toEqual(["USDC-base", "DAI-base", "USDT-base"]);
    expect(ids(conversionRoutes("USD", ["tron"]))?.sort()).toEqual(["USDC-tron", "USDT-tron"]);
    expect(conversionRoutes("USD", ["avalanche" as NetworkId])).toEqual([]);
  });

  it("has no route for an unsupported fiat and nothing for an unknown id", () => {
    expect(conversionRoutes("AED")).toEqual([]);
    expect(conversionRoutes("XYZ")).toBeUndefined();
    expect(conversionRoutes("usd")).toBeUndefined();
  });

  it("pays a token in itself, and USDT and USDT0 in each other", () => {
    expect(ids(conversionRoutes("USDC-base"))).toEqual(["USDC-base"]);
    expect(ids(conversionRoutes("USDT-arbitrum-one"))).toEqual(["USDT-arbitrum-one", "USDT0-arbitrum-one"]);
    expect(ids(conversionRoutes("USDT0-matic"))).toEqual(["USDT0-matic", "USDT-matic"]);
    expect(ids(conversionRoutes("USDT-base"))).toEqual(["USDT-base"]);
    expect(conversionRoutes("USDT-base", ["mainnet"])).toEqual([]);
  });
});
