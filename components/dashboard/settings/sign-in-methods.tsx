// Settings: how the platform's user signs in. An email account links a wallet (the wallet signs
// a challenge; in the sandbox a demo wallet can sign), a wallet adds email and password; either
// then signs in to this same platform. A method can be removed while another one remains.
"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-fields";
import type { WalletConfigOptions } from "@/components/wallet/wagmi-config";
import { WalletProvider } from "@/components/wallet/wallet-provider";
import type { PublicUserView } from "@/lib/auth/schemas";
import { ApiRequestError, apiRequest, errorMessage } from "../api-client";
import { ConfirmActionButton } from "../confirm-action-button";
import { DemoWalletSignIn } from "../sign-in/demo-wallet-sign-in";
import { EvmWalletSignIn } from "../sign-in/evm-wallet-sign-in";
import { TronWalletSignIn } from "../sign-in/tron-wallet-sign-in";
import { EmailVerification } from "./email-verification";

function AddEmailForm({ onAdded }: { onAdded: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const apiError = error instanceof ApiRequestError ? error : null;
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apiRequest("POST", "/v1/auth/methods/email", { email, password });
      onAdded();
    } catch (err) {
      setError(err instanceof Error ? err : new Error(errorMessage(err)));
    } finally {
      setBusy(false);
    }
  }
  const emailError = apiError?.fieldError("email");
  const passwordError = apiError?.fieldError("password");
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Add email and password">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
        error={emailError}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
        maxLength={100}
        hint="8 to 100 characters"
        error={passwordError}
      />
      <FormError message={error && !emailError && !passwordError ? errorMessage(error) : null} />
      <Button type="submit" busy={busy} busyLabel="Adding…">
        Add email and password
      </Button>
    </form>
  );
}

/**
 * A sign-in method the user has: its value, and Remove (asked first), or in its place what to add
 * first when it is the only method (`only`: "add an email").
 */
function MethodRow({
  value,
  mono = false,
  testId,
  only,
  removeLabel,
  title,
  run,
}: {
  value: string;
  mono?: boolean;
  testId: string;
  only: string | false;
  removeLabel: string;
  title: string;
  run: () => Promise<unknown>;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className={`${mono ? "font-mono " : ""}text-sm break-all`} data-testid={testId}>
        {value}
      </span>
      {only ? (
        <span className="text-xs text-slate-600">Your only sign-in method: {only} to remove it.</span>
      ) : (
        <ConfirmActionButton
          label="Remove"
          accessibleLabel={removeLabel}
          title={title}
          confirmLabel={removeLabel}
          busyLabel="Removing…"
          run={run}
        >
          <p>{value} will no longer sign in to this platform, and its other sessions end.</p>
        </ConfirmActionButton>
      )}
    </div>
  );
}

export function SignInMethods({
  user,
  wallet,
  demoWallets,
}: {
  user: PublicUserView;
  wallet: WalletConfigOptions;
  demoWallets: string[] | null;
}) {
  const router = useRouter();
  const refresh = () => router.refresh();
  const only = (user.email === null) !== (user.walletAddress === null);
  return (
    <section aria-labelledby="methods-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="methods-title" className="text-lg font-semibold">
        Sign-in methods
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Each method signs in to this same platform. A wallet or email that already signs in to another platform cannot
        be added here.
      </p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div className="space-y-3">
          <h3 className="font-medium">Wallet</h3>
          {user.walletAddress ? (
            <MethodRow
              value={user.walletAddress}
              mono
              testId="linked-wallet"
              only={only && "add an email"}
              removeLabel="Remove the wallet"
              title="Remove this wallet?"
              run={() => apiRequest("DELETE", "/v1/auth/methods/wallet")}
            />
          ) : (
            <>
              <p className="text-sm text-slate-600">
                Link a wallet: it signs a message (no transaction, nothing to pay).
              </p>
              {demoWallets && <DemoWalletSignIn wallets={demoWallets} onSignedIn={refresh} purpose="link" />}
              <WalletProvider options={wallet}>
                <EvmWalletSignIn onSignedIn={refresh} purpose="link" />
              </WalletProvider>
              <TronWalletSignIn onSignedIn={refresh} purpose="link" />
            </>
          )}
        </div>
        <div className="space-y-3">
          <h3 className="font-medium">Email and password</h3>
          {user.email ? (
            <>
              <MethodRow
                value={user.email}
                testId="linked-email"
                only={only && "link a wallet"}
                removeLabel="Remove the email"
                title="Remove email and password?"
                run={() => apiRequest("DELETE", "/v1/auth/methods/email")}
              />
              <EmailVerification verified={user.emailVerified} />
            </>
          ) : (
            <AddEmailForm onAdded={refresh} />
          )}
        </div>
      </div>
    </section>
  );
}
