// The crosschain routes of GET /v2/request/{id}/routes: one per other chain and stablecoin
// (USDC, USDT) where the payer's wallet holds enough to pay the amount and the operator's fee,
// each with that fee and the time it is expected to take (the source pull's confirmations,
// then the payout's, at the chain's block time, plus the settlement's polling).
import { type Address, erc20Abi, formatUnits, getAddress } from "viem";
import { getPublicClient } from "../chains/clients";
import { gatewayAddress, operatorAddress, operatorKey } from "../chains/crosschain-gateway";
import { findCurrencies } from "../chains/currencies";
import type { EvmNetworkId } from "../chains/networks";
import { getConfig } from "../config";
import type { RoutesResponse, StoredRequest } from "../requests";
import { CHAIN_NAMES } from "../requests";
import { operatorFee, rescale } from "./operator-fee";
import { crosschainDue } from "./quote-intent";

type Route = RoutesResponse["routes"][number];

/** Seconds per block, for the expected time (sandbox chains mine at once). */
const BLOCK_SECONDS: Partial<Record<EvmNetworkId, number>> = {
  mainnet: 12,
  "arbitrum-one": 0.25,
  optimism: 2,
  base: 2,
  matic: 2,
  bsc: 3,
};

function expectedSeconds(source: EvmNetworkId, destination: EvmNetworkId): number {
  const { sandbox, detection } = getConfig();
  if (sandbox) return 5;
  const wait = (n: EvmNetworkId) => Math.max(1, detection.confirmations[n]) * (BLOCK_SECONDS[n] ?? 2);
  return Math.ceil(wait(source) + wait(destination) + 10);
}

export async function crosschainRoutes(request: StoredRequest, wallet: string): Promise<Route[]> {
  const config = getConfig();
  const treasury = operatorAddress(config.sandbox);
  let due: ReturnType<typeof crosschainDue>;
  try {
    due = crosschainDue(request);
  } catch {
    return []; // not payable crosschain: the same-chain route only
  }
  if (!treasury || !operatorKey(config.sandbox) || !gatewayAddress(due.destination, config.sandbox)) return [];
  const payer = getAddress(wallet) as Address;
  const sources = config.detection.networks.filter(
    (n): n is EvmNetworkId =>
      n !== "tron" && n !== due.destination && gatewayAddress(n as EvmNetworkId, config.sandbox) !== null,
  );
  const candidates = sources.flatMap((network) =>
    findCurrencies({ network })
      .filter((c) => c.type === "ERC20" && (c.symbol === "USDC" || c.symbol === "USDT"))
      .map((currency) => ({ network, currency })),
  );
  const routes = await Promise.all(
    candidates.map(async ({ network, currency }): Promise<Route | null> => {
      const amount = rescale(due.due, due.payment.decimals, currency.decimals);
      const fee = operatorFee(amount, currency.decimals).total;
      const balance = await getPublicClient(network)
        .readContract({
          address: getAddress(currency.address),
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [payer],
        })
        .catch(() => 0n);
      if (balance < amount + fee) return null;
      return {
        id: `CROSSCHAIN_${CHAIN_NAMES[network]}_${currency.symbol}`,
        fee: Number(fee) / Number(amount),
        feeBreakdown: [
          {
            type: "crosschain",
            stage: "sending",
            provider: "stablelink",
            amount: formatUnits(fee, currency.decimals),
            currency: currency.symbol,
            receiverAddress: treasury,
            network,
          },
        ],
        speed: expectedSeconds(network, due.destination),
        price_impact: 0,
        chain: CHAIN_NAMES[network],
        token: currency.symbol,
      };
    }),
  );
  return routes.filter((r): r is Route => r !== null);
}
