// One viem PublicClient per EVM network, created on first use and kept for the process:
// viem clients hold no connection state worth recreating, and one per network lets caching
// and request batching work across callers. Its transport fails over between the network's
// providers (rpc-transport.ts), which also keep their health (rpc-health.ts).
import { type Chain, createPublicClient, type PublicClient, type Transport } from "viem";
import { arbitrum, base, bsc, mainnet, optimism, polygon, sepolia } from "viem/chains";
import { getConfig, rpcEnvName, type SandboxPorts } from "../config";
import { type EvmNetworkId, NETWORKS } from "./networks";
import { type ProviderReport, reportProviders } from "./rpc-health";
import { failoverTransport, type RpcProvider, rpcProviders } from "./rpc-transport";

const VIEM_CHAINS: Record<EvmNetworkId, Chain> = {
  mainnet,
  "arbitrum-one": arbitrum,
  optimism,
  base,
  matic: polygon,
  bsc,
  sepolia,
};

/** viem's chain definition for a network (native currency, multicall3, explorers); id from networks.ts. */
export function viemChain(network: EvmNetworkId): Chain {
  const chain = VIEM_CHAINS[network];
  if (chain.id !== NETWORKS[network].chainId) {
    throw new Error(`viem chain ${chain.name} has id ${chain.id}, networks.ts says ${NETWORKS[network].chainId}`);
  }
  return chain;
}

/** The local anvil of a network in sandbox mode, on its port of SANDBOX_PORTS (or SANDBOX_PORT_BASE + i). */
export function sandboxRpcUrl(network: EvmNetworkId, ports: SandboxPorts = getConfig().sandboxPorts): string {
  return `http://127.0.0.1:${ports[network]}`;
}

/** The network's RPC providers' URLs, in order of preference (RPC_URL_<NETWORK>, or the sandbox anvil). */
export function rpcUrlsFor(network: EvmNetworkId): string[] {
  const config = getConfig();
  const configured = config.rpcUrls[network];
  if (configured) return configured;
  if (config.sandbox) return [sandboxRpcUrl(network, config.sandboxPorts)];
  throw new Error(`No RPC URL for ${network}: set ${rpcEnvName(network)}`);
}

/**
 * Where detection follows new heads: RPC_WS_URL_<NETWORK>, or in the sandbox the anvil's own
 * port (anvil answers WebSocket and HTTP on one port); null when only HTTP is configured
 * (detection then polls).
 */
export function rpcWsUrlFor(network: EvmNetworkId): string | null {
  const config = getConfig();
  const configured = config.rpcWsUrls[network];
  if (configured) return configured;
  if (config.sandbox) return sandboxRpcUrl(network, config.sandboxPorts).replace(/^http:/, "ws:");
  return null;
}

export type ChainClient = PublicClient<Transport, Chain>;

interface NetworkClients {
  providers: RpcProvider[];
  /** Every caller's client: failover over the providers (one provider: its plain http). */
  shared: ChainClient;
  /** One client per provider, for a read that must stay on one node (detection's pass). */
  pinned: ChainClient[];
}

const networks = new Map<EvmNetworkId, NetworkClients>();

function clientOver(network: EvmNetworkId, transport: Transport): ChainClient {
  return createPublicClient({
    chain: viemChain(network),
    // Reads issued in the same tick travel together: contract reads as one Multicall3
    // eth_call, the other JSON-RPC calls in one HTTP batch. A pay-calldata answer then costs
    // one round trip for its reads, also when many are served at once.
    batch: { multicall: { wait: 0 } },
    transport,
    // anvil mines on each transaction: waiting for a receipt need not poll every 4 s.
    pollingInterval: getConfig().sandbox ? 250 : 4_000,
  });
}

function networkClients(network: EvmNetworkId): NetworkClients {
  let entry = networks.get(network);
  if (!entry) {
    const providers = rpcProviders(rpcUrlsFor(network), { batch: { wait: 0 } });
    entry = {
      providers,
      shared: clientOver(network, failoverTransport(providers)),
      pinned: providers.map((p) => clientOver(network, p.transport)),
    };
    networks.set(network, entry);
  }
  return entry;
}

export function getPublicClient(network: EvmNetworkId): ChainClient {
  return networkClients(network).shared;
}

/** Each provider's own client and transport (in configured order), and its host for logs. */
export function providerClients(network: EvmNetworkId): { host: string; client: ChainClient; transport: Transport }[] {
  const { providers, pinned } = networkClients(network);
  return providers.map((p, i) => ({ host: p.health.host, client: pinned[i], transport: p.transport }));
}

/** What this process saw of each provider of the networks it has used (hosts only, no URL). */
export function rpcHealth(): Partial<Record<EvmNetworkId, ProviderReport[]>> {
  return Object.fromEntries(
    [...networks].map(([network, { providers }]) => [network, reportProviders(providers.map((p) => p.health))]),
  );
}

/** Tests change the configuration (sandbox ports, RPC URLs) between cases; they call this after. */
export function resetPublicClients(): void {
  networks.clear();
}
