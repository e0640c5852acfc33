// The EVM wallets to offer: every wallet the browser announces (EIP-6963), the legacy
// window.ethereum only when none announces itself, and WalletConnect when configured.
"use client";

import { useSyncExternalStore } from "react";
import { type Connector, useConnectors } from "wagmi";

export function connectorLabel(c: Connector): string {
  if (c.type === "walletConnect") return "WalletConnect";
  if (c.id === "injected") return "Browser wallet";
  return c.name;
}

const subscribeNothing = () => () => undefined;
const readWindowEthereum = () => Boolean((window as { ethereum?: unknown }).ethereum);

export function useWalletConnectors(): Connector[] {
  const connectors = useConnectors();
  // Read after hydration only (the server snapshot is false): the server cannot know the browser's wallets.
  const hasWindowEthereum = useSyncExternalStore(subscribeNothing, readWindowEthereum, () => false);
  const announced = connectors.filter((c) => c.type === "injected" && c.id !== "injected");
  return [
    ...announced,
    ...connectors.filter((c) => c.id === "injected" && announced.length === 0 && hasWindowEthereum),
    ...connectors.filter((c) => c.type === "walletConnect"),
  ];
}
