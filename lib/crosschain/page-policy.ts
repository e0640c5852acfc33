// What the payment page needs to offer "Pay from another network" and to check the intent in
// the browser (intent-check.ts): our gateway and the stablecoins on each source chain the page
// pays from, Permit2, the treasury, and the payment it must pay (payee, chain, token, amount).
// Built on the server from the configuration and the token list and carried in the page's
// HTML, like the same-chain contract policy (lib/secure-payments/contract-policy.ts), so an
// answer altered on its way cannot also alter what it is checked against.
import { getAddress } from "viem";
import { PERMIT2_ADDRESS } from "../chains/contracts";
import { gatewayAddress, operatorAddress, operatorKey } from "../chains/crosschain-gateway";
import { findCurrencies } from "../chains/currencies";
import { type EvmNetworkId, NETWORKS } from "../chains/networks";
import { getConfig } from "../config";
import type { StoredRequest } from "../requests";
import { CHAIN_NAMES } from "../requests";
import type { CrosschainPolicy } from "./intent-check";
import { crosschainDue } from "./quote-intent";

/** The source chains the payment page offers (docs/interface.md "Crosschain payments"). */
export const PAGE_SOURCE_NETWORKS: readonly EvmNetworkId[] = ["base", "optimism", "arbitrum-one", "mainnet"];

/**
 * The page's crosschain policy for a link paying `request` (whose payee the page shows); null when the request cannot be paid crosschain here (not a stablecoin request, below
 * 1, no operator or gateway, no other source chain).
 */
export function crosschainPagePolicy(request: StoredRequest): CrosschainPolicy | null {
  const { sandbox, detection } = getConfig();
  let due: ReturnType<typeof crosschainDue>;
  try {
    due = crosschainDue(request);
  } catch {
    return null;
  }
  const treasury = operatorAddress(sandbox);
  if (!treasury || !operatorKey(sandbox) || !gatewayAddress(due.destination, sandbox)) return null;
  const sources = PAGE_SOURCE_NETWORKS.filter((n) => n !== due.destination && detection.networks.includes(n)).flatMap(
    (network) => {
      const gateway = gatewayAddress(network, sandbox);
      const tokens = findCurrencies({ network })
        .filter((c) => c.type === "ERC20" && (c.symbol === "USDC" || c.symbol === "USDT"))
        .map((c) => ({ symbol: c.symbol, address: getAddress(c.address), decimals: c.decimals }));
      if (!gateway || tokens.length === 0) return [];
      return [
        {
          chain: CHAIN_NAMES[network],
          chainId: NETWORKS[network].chainId,
          network,
          networkName: NETWORKS[network].name,
          gateway,
          tokens,
        },
      ];
    },
  );
  if (sources.length === 0) return null;
  return {
    permit2: PERMIT2_ADDRESS,
    treasury,
    payee: getAddress(request.payee),
    destinationChainId: NETWORKS[due.destination].chainId,
    destinationToken: getAddress(due.payment.address),
    amount: due.due.toString(),
    decimals: due.payment.decimals,
    sources,
  };
}
