// Sign in with TronLink, or link it to the signed-in user (Tron's message signing, signMessageV2).
"use client";

import { Button } from "@/components/ui/button";
import { connectTronLink } from "@/components/wallet/tron-link";
import { useWalletSignIn } from "./use-wallet-sign-in";
import { PURPOSE_VERB, type WalletPurpose } from "./wallet-sign-in";
import { WalletSignInStatus } from "./wallet-sign-in-status";

export function TronWalletSignIn({
  onSignedIn,
  purpose = "sign-in",
}: {
  onSignedIn: () => void;
  purpose?: WalletPurpose;
}) {
  const { busy, step, error, run } = useWalletSignIn(purpose, onSignedIn);

  function signIn() {
    return run(async (say) => {
      say("Connecting to TronLink…");
      const wallet = await connectTronLink();
      say("Sign the message in TronLink…");
      return { address: wallet.address, sign: (message) => wallet.signMessage(message) };
    });
  }

  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-800">Tron</h3>
      <Button variant="secondary" className="w-full justify-start" onClick={signIn} busy={busy !== null}>
        {PURPOSE_VERB[purpose]} TronLink
      </Button>
      <WalletSignInStatus step={step} error={error} />
    </div>
  );
}
