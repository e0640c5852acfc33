// Where crypto-to-fiat requests are paid: the operator's off-ramp deposit address per network
// (OFFRAMP_DEPOSIT_ADDRESSES "network:address,…"); in the sandbox, demo wallet 8 on every EVM
// network, so the whole off-ramp flow runs with no configuration (docs/decisions/offramp-deposit-address.md).

import { parseNetworkAddress, sameAddress } from "../addresses/wallet-address";
import { NETWORKS, type NetworkId } from "../chains/networks";
import { getConfig } from "../config";
import { DEMO_WALLETS } from "../devnet/accounts";
import type { StoredRequest } from "./request-store";

const SANDBOX_DEPOSIT_WALLET = 8;

export function offrampDepositAddress(network: NetworkId): string | null {
  const config = getConfig();
  for (const item of (config.OFFRAMP_DEPOSIT_ADDRESSES ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = item.indexOf(":");
    if (item.slice(0, at) !== network) continue;
    const parsed = parseNetworkAddress(item.slice(at + 1), network);
    return parsed.ok ? parsed.address : null;
  }
  return config.sandbox && NETWORKS[network].family === "evm" ? DEMO_WALLETS[SANDBOX_DEPOSIT_WALLET].address : null;
}

/** A crypto-to-fiat request paid to the deposit address: /pay must name the payer and bank account. */
export function isOfframpRequest(
  request: Pick<StoredRequest, "isCryptoToFiatAvailable" | "network" | "payee">,
): boolean {
  if (!request.isCryptoToFiatAvailable) return false;
  const deposit = offrampDepositAddress(request.network as NetworkId);
  return deposit !== null && sameAddress(deposit, request.payee);
}
