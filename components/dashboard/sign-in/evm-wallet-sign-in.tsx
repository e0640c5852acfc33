// Sign in with an EVM wallet: every wallet the browser announces (EIP-6963), the legacy
// window.ethereum when none announces itself, and WalletConnect when configured.
"use client";

import { useState } from "react";
import { useConfig, type Connector } from "wagmi";
import { connect, disconnect, getConnection, signMessage } from "wagmi/actions";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-fields";
import { connectorLabel, useWalletConnectors } from "@/components/wallet/use-wallet-connectors";
import { isWalletChain } from "@/components/wallet/wagmi-config";
import { signInWithWallet, walletErrorMessage, type WalletPurpose } from "./wallet-sign-in";

export function EvmWalletSignIn({ onSignedIn, purpose = "sign-in" }: { onSignedIn: () => void; purpose?: WalletPurpose }) {
  const config = useConfig();
  const shown = useWalletConnectors();
  const [busy, setBusy] = useState<string | null>(null);
  const [step, setStep] = useState<string>("");
  const [error, setError] = useState<string | null>(null);

  async function signIn(connector: Connector) {
    setBusy(connector.uid);
    setError(null);
    try {
      setStep("Connecting to the wallet…");
      if (getConnection(config).status === "connected") await disconnect(config);
      const { accounts, chainId } = await connect(config, { connector });
      const address = accounts[0];
      if (!address) throw new Error("The wallet shared no account.");
      setStep("Sign the message in your wallet…");
      await signInWithWallet({ address, chainId: isWalletChain(chainId) ? chainId : undefined, sign: (message) => signMessage(config, { message, account: address, connector }), purpose });
      setStep(purpose === "link" ? "Linked." : "Signed in.");
      onSignedIn();
    } catch (err) {
      setStep("");
      setError(walletErrorMessage(err));
      await disconnect(config).catch(() => undefined);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-800">Ethereum and EVM networks</h3>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">No browser wallet found. Install one (MetaMask, Rabby, Coinbase Wallet…) or open this page in your wallet’s browser.</p>
      ) : (
        <ul className="space-y-2">
          {shown.map((c) => (
            <li key={c.uid}>
              <Button variant="secondary" className="w-full justify-start" onClick={() => signIn(c)} busy={busy === c.uid} disabled={busy !== null && busy !== c.uid}>
                {c.icon && (
                  // eslint-disable-next-line @next/next/no-img-element -- wallet icons are data URIs announced by the wallet
                  <img src={c.icon} alt="" className="size-5" />
                )}
                {purpose === "link" ? "Link" : "Sign in with"} {connectorLabel(c)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p aria-live="polite" className="text-sm text-slate-600">
        {step}
      </p>
      <FormError message={error} />
    </div>
  );
}
