import { keccak256 } from "viem";
import { describe, expect, it } from "vitest";
import { NETWORKS } from "../chains/networks";
import { formatDestinationId, parseDestinationId, payeeInteropAddress } from "./destination-id";
import {
  describeDestinationTokens,
  destinationSymbol,
  destinationToken,
  destinationTokens,
} from "./destination-tokens";

const WALLET = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const TRON_WALLET = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"; // = 41a614f803b6fd780986a42c78ec9c7f77e6ded13c
const USDC_TRON = "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8";

describe("destination ids", () => {
  it("join the payee's ERC-7828 name and the token address", () => {
    const id = formatDestinationId(NETWORKS.base, WALLET, USDC_BASE);
    expect(id).toBe(`${WALLET}@eip155:8453#17DE0709:${USDC_BASE}`);
    expect(
      keccak256(`0x0000022105${"14"}${WALLET.slice(2)}`)
        .slice(2, 10)
        .toUpperCase(),
    ).toBe("17DE0709");
  });

  it("write Tron under eip155:728126428 in base58, checksummed over the address's 20 bytes", () => {
    const name = payeeInteropAddress(NETWORKS.tron, TRON_WALLET);
    const expected = keccak256("0x0000042b6653dc14a614f803b6fd780986a42c78ec9c7f77e6ded13c").slice(2, 10).toUpperCase();
    expect(name).toBe(`${TRON_WALLET}@eip155:728126428#${expected}`);
    const parsed = parseDestinationId(`${name}:${USDC_TRON}`);
    expect(parsed).toMatchObject({
      ok: true,
      walletAddress: TRON_WALLET,
      tokenAddress: USDC_TRON,
      network: { id: "tron" },
    });
    // The eip155 profile's hex spelling of the same Tron address reads as the same destination.
    const hex = parseDestinationId(
      `0xa614f803b6fd780986a42c78ec9c7f77e6ded13c@eip155:728126428#${expected}:${USDC_TRON}`,
    );
    expect(hex).toMatchObject({ ok: true, destinationId: `${name}:${USDC_TRON}` });
  });

  it("parse to the canonical form: checksummed addresses, uppercase checksum", () => {
    const id = formatDestinationId(NETWORKS.base, WALLET, USDC_BASE);
    const parsed = parseDestinationId(`${WALLET.toLowerCase()}@eip155:8453#17de0709:${USDC_BASE.toLowerCase()}`);
    expect(parsed).toEqual({
      ok: true,
      destinationId: id,
      network: NETWORKS.base,
      walletAddress: WALLET,
      tokenAddress: USDC_BASE,
    });
  });

  it("refuse a wrong checksum, naming the cause", () => {
    const r = parseDestinationId(`${WALLET}@eip155:8453#17DE0708:${USDC_BASE}`);
    expect(r).toEqual({
      ok: false,
      problem: `checksum 17DE0708 does not match ${WALLET} on chain 8453: the id was mistyped or altered`,
    });
    // The same wallet on another chain has another checksum: an id moved to another chain is caught.
    expect(parseDestinationId(`${WALLET}@eip155:1#17DE0709:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48`).ok).toBe(false);
    // The placeholder checksum of the published examples is refused like any wrong one.
    expect(
      parseDestinationId(
        `0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:11155111#A1B2C3D4:0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C`,
      ).ok,
    ).toBe(false);
  });

  it("refuse malformed ids, unknown chains and foreign address formats", () => {
    const cases: [string, RegExp][] = [
      ["", /must read/],
      ["hello", /must read/],
      [`${WALLET}@eip155:8453:${USDC_BASE}`, /must read/],
      [`${WALLET}@eip155:999#12345678:${USDC_BASE}`, /chain 999 is not a supported network/],
      [`${WALLET}@eip155:08453#17DE0709:${USDC_BASE}`, /chain 08453 is not a supported network/],
      [`${TRON_WALLET}@eip155:8453#17DE0709:${USDC_BASE}`, /is not a wallet address on Base/],
      [
        `${WALLET}@eip155:728126428#17DE0709:${USDC_TRON}`.replace(WALLET, "T" + "1".repeat(33)),
        /is not a wallet address on Tron/,
      ],
      [`${WALLET}@eip155:8453#17DE0709:${USDC_TRON}`, /is not a token address on Base/],
      [`${WALLET}@eip155:8453#XYZ:${USDC_BASE}`, /8 hexadecimal digits/],
      [`${WALLET.slice(0, -1)}6@eip155:8453#17DE0709:${USDC_BASE}`, /is not a wallet address/], // broken EIP-55 checksum
      [`${"a".repeat(300)}@eip155:1#00000000:${USDC_BASE}`, /must read/],
    ];
    for (const [text, problem] of cases) {
      const r = parseDestinationId(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.problem, text).toMatch(problem);
    }
  });
});

describe("destination tokens", () => {
  it("are the USDC and USDT of each of the eight networks", () => {
    for (const network of ["mainnet", "arbitrum-one", "optimism", "base", "matic", "bsc", "tron", "sepolia"] as const) {
      expect(destinationTokens(network).map(destinationSymbol), network).toEqual(["USDC", "USDT"]);
    }
    expect(destinationTokens("sepolia").map((c) => c.id)).toEqual(["fUSDC-sepolia", "fUSDT-sepolia"]);
    expect(destinationTokens("bsc").map((c) => c.decimals)).toEqual([18, 18]);
  });

  it("register USDT0's contract as USDT, never as USDT0", () => {
    for (const network of ["arbitrum-one", "optimism", "matic"] as const) {
      const usdt0 = "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9";
      const token = destinationToken(
        network,
        network === "arbitrum-one" ? usdt0 : destinationTokens(network)[1].address,
      );
      expect(token?.id, network).toBe(`USDT-${network}`);
    }
  });

  it("are found by address in any case on EVM chains, exactly on Tron; other tokens are not destination tokens", () => {
    expect(destinationToken("base", USDC_BASE.toLowerCase())?.id).toBe("USDC-base");
    expect(destinationToken("tron", USDC_TRON)?.id).toBe("USDC-tron");
    expect(destinationToken("tron", USDC_TRON.toLowerCase())).toBeUndefined();
    expect(destinationToken("base", "0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb")).toBeUndefined(); // DAI on Base
    expect(destinationToken("sepolia", "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C")).toBeUndefined(); // FAU
    expect(destinationToken("mainnet", USDC_BASE)).toBeUndefined(); // Base's USDC is not mainnet's
    expect(describeDestinationTokens("base")).toBe(
      "USDC (0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913) or USDT (0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2)",
    );
  });
});
