// The one wagmi configuration of the product (dashboard sign-in now, the payment page later).
// Lean on purpose: the seven EVM networks imported one by one from viem (never all chains),
// the injected connector (EIP-6963 discovery lists every installed wallet), and WalletConnect
// only when the operator configured a project id. Its provider is loaded on first use only.

import { arbitrum, base, bsc, mainnet, optimism, polygon, sepolia } from "viem/chains";
import { type CreateConnectorFn, createConfig, http } from "wagmi";
import { injected, walletConnect } from "wagmi/connectors";

export const WALLET_CHAINS = [mainnet, arbitrum, optimism, base, polygon, bsc, sepolia] as const;
export type WalletChainId = (typeof WALLET_CHAINS)[number]["id"];

export interface WalletConfigOptions {
  /** Enables the WalletConnect connector (WALLETCONNECT_PROJECT_ID). */
  walletConnectProjectId?: string;
  /** RPC URL per chain id for reads; chains without one use their public default. */
  rpcUrls?: Partial<Record<number, string>>;
  /** Shown by WalletConnect wallets. */
  appName?: string;
  appUrl?: string;
}

export function walletConnectors(opts: WalletConfigOptions): CreateConnectorFn[] {
  const connectors: CreateConnectorFn[] = [injected({ shimDisconnect: true })];
  if (opts.walletConnectProjectId) {
    connectors.push(
      walletConnect({
        projectId: opts.walletConnectProjectId,
        showQrModal: true,
        metadata: {
          name: opts.appName ?? "Stablelink",
          description: "Stablecoin payments",
          url: opts.appUrl ?? "",
          icons: [],
        },
      }),
    );
  }
  return connectors;
}

export function createWalletConfig(opts: WalletConfigOptions = {}) {
  const rpc = (id: number) => http(opts.rpcUrls?.[id]);
  return createConfig({
    chains: WALLET_CHAINS,
    connectors: walletConnectors(opts),
    multiInjectedProviderDiscovery: true,
    ssr: true,
    transports: {
      [mainnet.id]: rpc(mainnet.id),
      [arbitrum.id]: rpc(arbitrum.id),
      [optimism.id]: rpc(optimism.id),
      [base.id]: rpc(base.id),
      [polygon.id]: rpc(polygon.id),
      [bsc.id]: rpc(bsc.id),
      [sepolia.id]: rpc(sepolia.id),
    },
  });
}

export function isWalletChain(chainId: number | undefined): chainId is WalletChainId {
  return WALLET_CHAINS.some((c) => c.id === chainId);
}
