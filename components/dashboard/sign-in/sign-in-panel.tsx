// The sign-in page: a wallet (EVM or Tron) or email and password. After signing in, the
// visitor goes back to the dashboard page they asked for.
"use client";

import type { WalletConfigOptions } from "@/components/wallet/wagmi-config";
import { WalletProvider } from "@/components/wallet/wallet-provider";
import { DemoWalletSignIn } from "./demo-wallet-sign-in";
import { EmailSignIn } from "./email-sign-in";
import { EvmWalletSignIn } from "./evm-wallet-sign-in";
import { TronWalletSignIn } from "./tron-wallet-sign-in";

export function SignInPanel({
  next,
  wallet,
  demoWallets,
  register = false,
}: {
  next: string;
  wallet: WalletConfigOptions;
  demoWallets: string[] | null;
  /** Opened from "Create an account": the email form starts on creating one. */
  register?: boolean;
}) {
  // A full page load, so the signed-in pages render fresh with the new session cookie.
  const done = () => window.location.assign(next);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="wallet-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="wallet-title" className="text-lg font-semibold">
          With a wallet
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600">
          Sign a message to prove the address is yours; it costs nothing and sends no transaction. Wallet sessions end
          after 15 idle minutes.
        </p>
        <div className="space-y-6">
          {demoWallets && <DemoWalletSignIn wallets={demoWallets} onSignedIn={done} />}
          <WalletProvider options={wallet}>
            <EvmWalletSignIn onSignedIn={done} />
          </WalletProvider>
          <TronWalletSignIn onSignedIn={done} />
        </div>
      </section>
      <section aria-labelledby="email-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="email-title" className="mb-4 text-lg font-semibold">
          With email and password
        </h2>
        <EmailSignIn onSignedIn={done} initialMode={register ? "register" : "login"} />
      </section>
    </div>
  );
}
