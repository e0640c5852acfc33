// Deactivating a destination asks first, and the destination's own wallet signs it.
"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { PayeeDestinationView } from "@/lib/payee-destinations/schemas";
import {
  DestinationChangeError,
  deactivatePayeeDestination,
  describeChangeFailure,
  stepText,
} from "./destination-change";
import { PayeeWalletField, usePayeeWallet } from "./payee-wallets";
import { sameWallet } from "./wallet-addresses";

export function DeactivateDestinationButton({
  destination,
  networkName,
  onDeactivated,
}: {
  destination: PayeeDestinationView;
  networkName: string;
  onDeactivated: (destination: PayeeDestinationView) => void;
}) {
  const family = destination.network === "tron" ? "tron" : "evm";
  const wallet = usePayeeWallet(family);
  const ready = wallet !== null && sameWallet(wallet.address, destination.walletAddress);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function deactivate() {
    if (!wallet || !ready) return;
    setBusy(true);
    setError(null);
    try {
      const result = await deactivatePayeeDestination(destination, networkName, wallet.signer, (s) =>
        setStep(stepText(s, "deactivate", networkName)),
      );
      setOpen(false);
      onDeactivated(result);
    } catch (err) {
      const failure =
        err instanceof DestinationChangeError ? err : describeChangeFailure(err, "submit", "deactivate", networkName);
      setError([failure.message, ...failure.details].join(" "));
    } finally {
      setStep("");
      setBusy(false);
    }
  }

  const what = `${destination.symbol} on ${networkName}`;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => (setError(null), setOpen(true))}
        aria-label={`Deactivate ${what} for ${destination.walletAddress}`}
      >
        Deactivate
      </Button>
      <ConfirmDialog
        open={open}
        title="Deactivate this payee destination?"
        confirmLabel="Sign and deactivate"
        busyLabel="Deactivating…"
        danger
        busy={busy}
        confirmDisabled={!ready}
        error={error}
        onConfirm={deactivate}
        onCancel={() => setOpen(false)}
      >
        <p>
          Secure payments stop paying {what} to <span className="font-mono break-all">{destination.walletAddress}</span>
          . The destination stays listed as inactive, and adding it again re-activates it.
        </p>
        <p className="mt-2">The payee wallet signs the deactivation; it costs nothing and sends no transaction.</p>
        <fieldset disabled={busy} className="mt-3">
          <PayeeWalletField family={family} label="Signing wallet" expected={destination.walletAddress} />
        </fieldset>
        <p role="status" aria-live="polite" className="mt-2 font-medium empty:hidden">
          {step}
        </p>
      </ConfirmDialog>
    </>
  );
}
