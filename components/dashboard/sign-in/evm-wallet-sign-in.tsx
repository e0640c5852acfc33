// Sign in with an EVM wallet: every wallet the browser announces (EIP-6963), the legacy
// window.ethereum when none announces itself, and WalletConnect when configured.
"use client";

import { type Connector, useConfig } from "wagmi";
import { connect, disconnect, getConnection, signMessage } from "wagmi/actions";
import { Button } from "@/components/ui/button";
import { connectorLabel, useWalletConnectors } from "@/components/wallet/use-wallet-connectors";
import { isWalletChain } from "@/components/wallet/wagmi-config";
import { useWalletSignIn } from "./use-wallet-sign-in";
import { PURPOSE_VERB, type WalletPurpose } from "./wallet-sign-in";
import { WalletSignInStatus } from "./wallet-sign-in-status";

export function EvmWalletSignIn({
  onSignedIn,
  purpose = "sign-in",
}: {
  onSignedIn: () => void;
  purpose?: WalletPurpose;
}) {
  const config = useConfig();
  const shown = useWalletConnectors();
  const { busy, step, error, run } = useWalletSignIn(purpose, onSignedIn);

  function signIn(connector: Connector) {
    return run(
      async (say) => {
        say("Connecting to the wallet…");
        if (getConnection(config).status === "connected") await disconnect(config);
        const { accounts, chainId } = await connect(config, { connector });
        const address = accounts[0];
        if (!address) throw new Error("The wallet shared no account.");
        say("Sign the message in your wallet…");
        return {
          address,
          chainId: isWalletChain(chainId) ? chainId : undefined,
          sign: (message) => signMessage(config, { message, account: address, connector }),
        };
      },
      // A failed sign-in leaves no wallet connected: the next attempt starts clean.
      { key: connector.uid, onFailure: () => disconnect(config).catch(() => undefined) },
    );
  }

  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-800">Ethereum and EVM networks</h3>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">
          No browser wallet found. Install one (MetaMask, Rabby, Coinbase Wallet…) or open this page in your wallet’s
          browser.
        </p>
      ) : (
        <ul className="space-y-2">
          {shown.map((c) => (
            <li key={c.uid}>
              <Button
                variant="secondary"
                className="w-full justify-start"
                onClick={() => signIn(c)}
                busy={busy === c.uid}
                disabled={busy !== null && busy !== c.uid}
              >
                {c.icon && (
                  // eslint-disable-next-line @next/next/no-img-element -- wallet icons are data URIs announced by the wallet
                  <img src={c.icon} alt="" className="size-5" />
                )}
                {PURPOSE_VERB[purpose]} {connectorLabel(c)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <WalletSignInStatus step={step} error={error} />
    </div>
  );
}
