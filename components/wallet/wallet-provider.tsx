// wagmi + react-query for the subtree that talks to EVM wallets. The config is made once per
// mount; it does not reconnect on its own, a person connects on purpose.
"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { WagmiProvider } from "wagmi";
import { createWalletConfig, type WalletConfigOptions } from "./wagmi-config";

export function WalletProvider({ options, children }: { options: WalletConfigOptions; children: ReactNode }) {
  const [config] = useState(() => createWalletConfig(options));
  const [queryClient] = useState(() => new QueryClient());
  return (
    <WagmiProvider config={config} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  );
}
