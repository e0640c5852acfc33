// Sign in with TronLink, or link it to the signed-in user (Tron's message signing, signMessageV2).
"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-fields";
import { connectTronLink } from "@/components/wallet/tron-link";
import { signInWithWallet, walletErrorMessage, type WalletPurpose } from "./wallet-sign-in";

export function TronWalletSignIn({ onSignedIn, purpose = "sign-in" }: { onSignedIn: () => void; purpose?: WalletPurpose }) {
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      setStep("Connecting to TronLink…");
      const wallet = await connectTronLink();
      setStep("Sign the message in TronLink…");
      await signInWithWallet({ address: wallet.address, sign: (message) => wallet.signMessage(message), purpose });
      setStep(purpose === "link" ? "Linked." : "Signed in.");
      onSignedIn();
    } catch (err) {
      setStep("");
      setError(walletErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-800">Tron</h3>
      <Button variant="secondary" className="w-full justify-start" onClick={signIn} busy={busy}>
        {purpose === "link" ? "Link" : "Sign in with"} TronLink
      </Button>
      <p aria-live="polite" className="text-sm text-slate-600">
        {step}
      </p>
      <FormError message={error} />
    </div>
  );
}
