import { describe, expect, it } from "vitest";
import { createWalletConfig, isWalletChain } from "./wagmi-config";

describe("wallet configuration", () => {
  it("offers the injected wallets always, and WalletConnect only with a project id", () => {
    expect(createWalletConfig({}).connectors.map((c) => c.type)).toEqual(["injected"]);
    expect(createWalletConfig({ walletConnectProjectId: "0123456789abcdef" }).connectors.map((c) => c.type)).toEqual([
      "injected",
      "walletConnect",
    ]);
  });

  it("knows the seven EVM networks of the service and no others", () => {
    const config = createWalletConfig();
    expect(config.chains.map((c) => c.id).sort((a, b) => a - b)).toEqual([1, 10, 56, 137, 8453, 42161, 11155111]);
    expect(isWalletChain(8453)).toBe(true);
    expect(isWalletChain(31337)).toBe(false);
    expect(isWalletChain(undefined)).toBe(false);
  });
});
