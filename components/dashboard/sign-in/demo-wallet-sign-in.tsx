// Sandbox only: "Sign with a demo wallet" where a browser wallet would be needed. The server
// signs the challenge with the chosen demo wallet's key (anvil's public keys); the page is
// given the list only in the sandbox, and the API refuses it elsewhere.
"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/form-fields";
import { useWalletSignIn } from "./use-wallet-sign-in";
import { signWithDemoWallet, type WalletPurpose } from "./wallet-sign-in";
import { WalletSignInStatus } from "./wallet-sign-in-status";

function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

export function DemoWalletSignIn({
  wallets,
  onSignedIn,
  purpose = "sign-in",
}: {
  wallets: string[];
  onSignedIn: () => void;
  purpose?: WalletPurpose;
}) {
  const [address, setAddress] = useState(wallets[0] ?? "");
  const { busy, step, error, run } = useWalletSignIn(purpose, onSignedIn);

  function go() {
    return run(async (say) => {
      say("The demo wallet signs the message…");
      return { address, sign: (message) => signWithDemoWallet(address, message) };
    });
  }

  return (
    <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3">
      <h3 className="text-sm font-semibold text-slate-800">Sandbox: a demo wallet</h3>
      <p className="text-xs text-slate-700">
        No browser wallet needed: the sandbox signs with a demo wallet’s key (a public test key). Not available outside
        the sandbox.
      </p>
      <SelectField label="Demo wallet" value={address} onChange={(e) => setAddress(e.target.value)}>
        {wallets.map((w, i) => (
          <option key={w} value={w}>
            Demo wallet {i + 1} ({shortAddress(w)})
          </option>
        ))}
      </SelectField>
      <Button variant="secondary" className="w-full" onClick={go} busy={busy !== null} busyLabel="Signing…">
        {purpose === "link" ? "Link with a demo wallet" : "Sign with a demo wallet"}
      </Button>
      <WalletSignInStatus step={step} error={error} />
    </div>
  );
}
