// The overview's "RPC providers" panel: each network's providers as this web process saw them
// (lib/chains/rpc-health.ts, the same record /health/ready shows), hosts only. Nothing in the
// sandbox, where the providers are the service's own local chains.
import { rpcHealth } from "../chains/clients";
import { type EvmNetworkId, NETWORKS } from "../chains/networks";
import type { ProviderReport } from "../chains/rpc-health";
import { getConfig } from "../config";

export interface NetworkRpcStatus {
  network: EvmNetworkId;
  /** The network's display name ("Base"). */
  name: string;
  providers: ProviderReport[];
}

export function loadRpcStatus(): NetworkRpcStatus[] | null {
  if (getConfig().sandbox) return null;
  return Object.entries(rpcHealth()).map(([network, providers]) => ({
    network: network as EvmNetworkId,
    name: NETWORKS[network as EvmNetworkId].name,
    providers: providers ?? [],
  }));
}
