// Shown to a session signed in with email and password: changing payee destinations takes a
// wallet session (docs/interface.md "Credentials"), so the page steps up right here. The
// wallet signs a sign-in message; POST /v1/auth/wallet/step-up links it to this account when
// none is linked yet and turns the session into a wallet session of this same platform
// (docs/decisions/wallet-step-up.md). The page then shows the form.
"use client";

import { useRouter } from "next/navigation";
import type { WalletConfigOptions } from "@/components/wallet/wagmi-config";
import { WalletProvider } from "@/components/wallet/wallet-provider";
import { DemoWalletSignIn } from "../sign-in/demo-wallet-sign-in";
import { EvmWalletSignIn } from "../sign-in/evm-wallet-sign-in";
import { TronWalletSignIn } from "../sign-in/tron-wallet-sign-in";

export function WalletStepUp({
  linkedWallet,
  wallet,
  demoWallets,
}: {
  /** The wallet linked to this account, if any: only it can step up. */
  linkedWallet: string | null;
  wallet: WalletConfigOptions;
  demoWallets: string[] | null;
}) {
  const router = useRouter();
  const refresh = () => router.refresh();
  return (
    <section
      aria-labelledby="wallet-step-up-title"
      className="rounded-lg border border-blue-200 bg-white p-4 text-sm shadow-sm"
    >
      <h2 id="wallet-step-up-title" className="text-base font-semibold">
        Sign with your payee wallet to add a destination
      </h2>
      <p className="mt-2 text-slate-700">
        You are signed in with email and password. Payee destinations are changed only in a wallet session: sign a
        message with your wallet (no transaction, nothing to pay) and this page continues as a wallet session of this
        same platform. Your client IDs, API keys and links stay as they are.
      </p>
      <p className="mt-2 text-slate-700">
        {linkedWallet ? (
          <>
            Your linked wallet is <span className="font-mono break-all">{linkedWallet}</span>: sign with it.
          </>
        ) : (
          "The wallet you sign with is linked to this account, so it also signs in here (Settings › Sign-in methods)."
        )}
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <WalletProvider options={wallet}>
          <EvmWalletSignIn onSignedIn={refresh} purpose="step-up" />
        </WalletProvider>
        <TronWalletSignIn onSignedIn={refresh} purpose="step-up" />
        {demoWallets && <DemoWalletSignIn wallets={demoWallets} onSignedIn={refresh} purpose="step-up" />}
      </div>
    </section>
  );
}
