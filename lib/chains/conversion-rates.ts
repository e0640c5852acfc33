// Conversion rates read from ChainlinkConversionPath, the contract the conversion proxies ask
// at payment time, so a quote uses the same rate and formula as the payment will. The path
// (which aggregators lead from the invoice currency to the token) rarely changes and is
// cached; the rate is read on every quote.
import { type Address, getAddress } from "viem";
import { atBlock } from "./block-cache";
import { getPublicClient } from "./clients";
import { chainlinkConversionPathAbi, getContract } from "./contracts";
import { currencyHash, getCurrency } from "./currencies";
import type { EvmNetworkId } from "./networks";

export interface ConversionRate {
  /** From the invoice currency's hash to the token address, as the proxies take it. */
  path: Address[];
  rate: bigint;
  /** Divisor of the proxies' formula: amount * rate / decimals. */
  decimals: bigint;
  oldestRateTimestamp: bigint;
}

const PATH_TTL_MS = 60 * 60_000;
const paths = new Map<string, { path: Address[]; until: number }>();

const USD_HASH = getAddress(currencyHash(getCurrency("USD")!));

function candidates(from: Address, to: Address): Address[][] {
  const direct = [from, to];
  return from === USD_HASH ? [direct] : [direct, [from, USD_HASH, to]];
}

function rateFor(network: EvmNetworkId, path: Address[], block: bigint): Promise<ConversionRate | null> {
  return atBlock(network, block, `rate:${path.join(">")}`, () => readRate(network, path, block));
}

async function readRate(network: EvmNetworkId, path: Address[], blockNumber: bigint): Promise<ConversionRate | null> {
  try {
    const [rate, oldestRateTimestamp, decimals] = await getPublicClient(network).readContract({
      address: getContract(network, "ChainlinkConversionPath").address,
      abi: chainlinkConversionPathAbi,
      functionName: "getRate",
      args: [path],
      blockNumber,
    });
    return rate > 0n && decimals > 0n ? { path, rate, decimals, oldestRateTimestamp } : null;
  } catch (error) {
    // A path without an aggregator reverts ("No aggregator found"); anything else is an outage.
    if (error instanceof Error && /revert/i.test(error.message)) return null;
    throw error;
  }
}

/** The rate at `block` from a fiat or native currency hash to a token, or null when no path exists. */
export async function readConversionRate(
  network: EvmNetworkId,
  fromHash: string,
  toToken: string,
  block: bigint,
  now = Date.now(),
): Promise<ConversionRate | null> {
  const from = getAddress(fromHash);
  const to = getAddress(toToken);
  const cacheKey = `${network}:${from}:${to}`;
  const cached = paths.get(cacheKey);
  if (cached && cached.until > now) {
    const rate = await rateFor(network, cached.path, block);
    if (rate) return rate;
    paths.delete(cacheKey); // the aggregators changed: look for a path again
  }
  const found = await Promise.all(candidates(from, to).map((path) => rateFor(network, path, block)));
  const rate = found.find((r) => r !== null) ?? null;
  if (rate) paths.set(cacheKey, { path: rate.path, until: now + PATH_TTL_MS });
  return rate;
}
