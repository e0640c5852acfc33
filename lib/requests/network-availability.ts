// A network can carry requests when the service can read it: every EVM network in the
// sandbox, otherwise those with an RPC URL. Tron calldata needs no node.

import type { NetworkId } from "../chains/networks";
import { getConfig, rpcEnvName } from "../config";

/** null when requests on `network` are served, else why not. */
export function networkAvailability(network: NetworkId): string | null {
  if (network === "tron") return null;
  const config = getConfig();
  if (config.sandbox || config.rpcUrls[network]) return null;
  return `${network} is not enabled on this service (${rpcEnvName(network)} is not configured)`;
}
