// What every wallet sign-in control does around signInWithWallet, whatever the wallet: busy
// while it runs, the step in words for the live region, the error to show, then onSignedIn.
// The control supplies only how its wallet connects and signs.
import { useState } from "react";
import { signInWithWallet, type WalletPurpose, walletErrorMessage } from "./wallet-sign-in";

/** The connected wallet: its address (and EVM chain) and how it signs the challenge message. */
export interface WalletSigner {
  address: string;
  chainId?: number;
  sign: (message: string) => Promise<string>;
}

export function useWalletSignIn(purpose: WalletPurpose, onSignedIn: () => void) {
  // Which control runs (a page may show one button per wallet): null when none does.
  const [busy, setBusy] = useState<string | null>(null);
  const [step, setStep] = useState("");
  const [error, setError] = useState<string | null>(null);

  /**
   * `connect` says its steps ("Connecting…", "Sign the message…") and returns the signer;
   * `onFailure` undoes what it left behind (a connection) before the controls are free again.
   */
  async function run(
    connect: (say: (step: string) => void) => Promise<WalletSigner>,
    { key = "wallet", onFailure }: { key?: string; onFailure?: () => Promise<unknown> } = {},
  ) {
    setBusy(key);
    setError(null);
    try {
      const signer = await connect(setStep);
      await signInWithWallet({ ...signer, purpose });
      setStep(purpose === "link" ? "Linked." : purpose === "step-up" ? "Signed with your wallet." : "Signed in.");
      onSignedIn();
    } catch (err) {
      setStep("");
      setError(walletErrorMessage(err));
      await onFailure?.();
    } finally {
      setBusy(null);
    }
  }

  return { busy, step, error, run };
}
