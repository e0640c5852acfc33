// Chainlink-style price feeds of the sandbox, registered in ChainlinkConversionPath at the
// production address so that fiat-denominated payments convert as in production:
// [USD, USDC] uses the USDC/USD feed in reverse, [EUR, USD, USDC] chains EUR/USD with it.
// Rates are realistic round numbers with Chainlink's 8 decimals; each feed stores its
// update time, so a persisted chain's rates age and are refreshed by re-posting them.
import { type Address, encodeFunctionData, getAddress, keccak256, parseAbi, parseUnits, toBytes } from "viem";
import { compiledContract } from "../chains/compiled-contracts";
import { getContract } from "../chains/contracts";
import type { EvmNetworkId } from "../chains/networks";
import type { DevChain } from "./dev-chain";
import { placeContract, withConstructorArgs } from "./place-contract";
import { TEST_TOKENS } from "./sandbox-tokens";

export const FEED_DECIMALS = 8;

/** Request Network's currency hash of a fiat currency: keccak256 of the lowercased `{type, value}` JSON, last 20 bytes. */
export function fiatHash(code: string): Address {
  return getAddress(
    `0x${keccak256(toBytes(JSON.stringify({ type: "ISO4217", value: code }).toLowerCase())).slice(-40)}`,
  );
}

export const USD_HASH = fiatHash("USD");

/** USD per unit. */
export const FIAT_USD_RATES: Record<string, string> = {
  EUR: "1.08",
  GBP: "1.27",
  CHF: "1.13",
  CNY: "0.138",
  JPY: "0.0067",
};

/** Native currency hashes (as in the currency list; also each chain's nativeTokenHash) and USD prices. */
export const NATIVE_CURRENCIES: Record<EvmNetworkId, { symbol: string; hash: Address; usd: string }> = {
  mainnet: { symbol: "ETH", hash: "0xF5AF88e117747e87fC5929F2ff87221B1447652E", usd: "3000" },
  "arbitrum-one": { symbol: "AETH", hash: "0x0Ee88324F875d378f9A06643830934CAdff6b1e5", usd: "3000" },
  optimism: { symbol: "ETH-optimism", hash: "0x058FA190E345E245c74b4f1ADbff6Adfcfd8FfF3", usd: "3000" },
  base: { symbol: "ETH-base", hash: "0xB678B03F3f3a6eA652aD1D183032fAC176D83B08", usd: "3000" },
  matic: { symbol: "MATIC", hash: "0x23C7Fe5a44ca213deED6f3e2e714d747FCbcdBF0", usd: "0.5" },
  bsc: { symbol: "BNB", hash: "0x281162bD0B7a4162Cb676bc4873734497B3Af025", usd: "600" },
  sepolia: { symbol: "ETH-sepolia", hash: "0xBB3546497A53Cd710BEb11b84C5240327F145BCB", usd: "3000" },
};

export interface PriceFeed {
  description: string; // "EUR / USD"
  input: Address; // currency hash or token address
  output: Address;
  answer: bigint; // output per input, FEED_DECIMALS decimals
  address: Address;
}

/** Feeds sit at addresses derived from their pair, so a re-run of the set-up overwrites instead of duplicating. */
export function feedAddress(input: Address, output: Address): Address {
  return getAddress(
    `0x${keccak256(toBytes(`stablelink.sandbox.feed:${input.toLowerCase()}:${output.toLowerCase()}`)).slice(-40)}`,
  );
}

function toUsd(description: string, input: Address, usd: string): PriceFeed {
  return {
    description,
    input,
    output: USD_HASH,
    answer: parseUnits(usd, FEED_DECIMALS),
    address: feedAddress(input, USD_HASH),
  };
}

export function priceFeeds(network: EvmNetworkId): PriceFeed[] {
  const native = NATIVE_CURRENCIES[network];
  const tokens = TEST_TOKENS[network].map((t) => toUsd(`${t.symbol} / USD`, t.address, "1"));
  const fiat = Object.entries(FIAT_USD_RATES).map(([code, usd]) => toUsd(`${code} / USD`, fiatHash(code), usd));
  return [...fiat, ...tokens, toUsd(`${native.symbol} / USD`, native.hash, native.usd)];
}

const feedAbi = parseAbi(["function updateAnswer(int256 answer)", "function latestAnswer() view returns (int256)"]);
const conversionPathAdminAbi = parseAbi([
  "function updateAggregatorsList(address[] _inputs, address[] _outputs, address[] _aggregators)",
]);

export async function deployPriceFeeds(chain: DevChain, network: EvmNetworkId): Promise<void> {
  const { abi, bytecode } = compiledContract("SandboxPriceFeed");
  const constructorParams = abi.find((i) => i.type === "constructor")!.inputs;
  const feeds = priceFeeds(network);
  for (const feed of feeds) {
    await placeContract(
      chain,
      feed.address,
      withConstructorArgs(bytecode, constructorParams, [feed.answer, FEED_DECIMALS, feed.description]),
    );
  }
  await chain.send({
    to: getContract(network, "ChainlinkConversionPath").address,
    data: encodeFunctionData({
      abi: conversionPathAdminAbi,
      functionName: "updateAggregatorsList",
      args: [feeds.map((f) => f.input), feeds.map((f) => f.output), feeds.map((f) => f.address)],
    }),
  });
}

/** Re-posts every feed's current answer so its timestamp is the latest block's: rates never look stale. */
export async function refreshPriceFeeds(chain: DevChain, network: EvmNetworkId): Promise<void> {
  const feeds = priceFeeds(network);
  const answers = await Promise.all(
    feeds.map((feed) =>
      chain.public.readContract({ address: feed.address, abi: feedAbi, functionName: "latestAnswer" }),
    ),
  );
  await chain.sendAll(
    feeds.map((feed, i) => ({
      to: feed.address,
      data: encodeFunctionData({ abi: feedAbi, functionName: "updateAnswer", args: [answers[i]] }),
    })),
  );
}
