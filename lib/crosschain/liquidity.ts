// The operator's liquidity: what its treasury holds of each crosschain stablecoin on each
// network the service serves, read from the chains, with a warning below the threshold
// (CROSSCHAIN_LOW_BALANCE whole tokens, default 1000). Payouts larger than what a treasury
// holds are refunded on the source chain, so this is what an operator watches to rebalance.
import { type Address, erc20Abi, formatUnits, getAddress } from "viem";
import { getPublicClient } from "../chains/clients";
import { operatorAddress } from "../chains/crosschain-gateway";
import { type Currency, findCurrencies } from "../chains/currencies";
import { type EvmNetworkId, NETWORKS } from "../chains/networks";
import { getConfig } from "../config";
import { badRequest } from "../http/errors";
import { log } from "../log";
import { CHAIN_NAMES } from "../requests";

export interface LiquidityRow {
  network: string;
  /** "Base", for people. */
  networkName: string;
  chain: string;
  token: string;
  currency: string;
  balance: string;
  low: boolean;
}

interface Holding {
  network: EvmNetworkId;
  currency: Currency;
  raw: bigint;
}

// Balances are read at most every CACHE_MS: the figure is for watching and rebalancing, and a
// caller polling it (or a chain that does not answer, whose reads wait for their retries) must
// not turn each request into a dozen RPC calls.
const CACHE_MS = 10_000;
let cache: { treasury: string; at: number; holdings: Promise<Holding[]> } | null = null;

async function readHoldings(treasury: Address, networks: EvmNetworkId[]): Promise<Holding[]> {
  const rows = await Promise.all(
    networks.flatMap((network) =>
      findCurrencies({ network })
        .filter((c) => c.type === "ERC20" && (c.symbol === "USDC" || c.symbol === "USDT"))
        .map(async (currency): Promise<Holding | null> => {
          try {
            const raw = await getPublicClient(network).readContract({
              address: getAddress(currency.address),
              abi: erc20Abi,
              functionName: "balanceOf",
              args: [treasury],
            });
            return { network, currency, raw };
          } catch {
            return null; // a token the chain does not have (or an unreachable RPC): not listed
          }
        }),
    ),
  );
  return rows.filter((r): r is Holding => r !== null);
}

export interface Liquidity {
  treasury: string;
  lowBalanceThreshold: string;
  balances: LiquidityRow[];
}

/** The dashboard's Crosschain liquidity page: null when no operator is configured (crosschain off). */
export async function dashboardLiquidity(): Promise<Liquidity | null> {
  return operatorAddress(getConfig().sandbox) ? treasuryLiquidity() : null;
}

export async function treasuryLiquidity(env: Record<string, string | undefined> = process.env): Promise<Liquidity> {
  const config = getConfig();
  const treasury = operatorAddress(config.sandbox);
  if (!treasury) throw badRequest("crosschain_unavailable", "No crosschain operator is configured on this service");
  const threshold =
    env.CROSSCHAIN_LOW_BALANCE && /^\d{1,12}$/.test(env.CROSSCHAIN_LOW_BALANCE)
      ? BigInt(env.CROSSCHAIN_LOW_BALANCE)
      : 1000n;
  const networks = config.detection.networks.filter((n): n is EvmNetworkId => n !== "tron");
  if (!cache || cache.treasury !== treasury || Date.now() - cache.at > CACHE_MS)
    cache = { treasury, at: Date.now(), holdings: readHoldings(treasury, networks) };
  const balances = (await cache.holdings).map(({ network, currency, raw }) => {
    const low = raw < threshold * 10n ** BigInt(currency.decimals);
    if (low) log.warn({ network, currency: currency.id }, "crosschain treasury below its low-balance threshold");
    return {
      network,
      networkName: NETWORKS[network].name,
      chain: CHAIN_NAMES[network],
      token: currency.symbol,
      currency: currency.id,
      balance: formatUnits(raw, currency.decimals),
      low,
    };
  });
  return { treasury, lowBalanceThreshold: threshold.toString(), balances };
}
