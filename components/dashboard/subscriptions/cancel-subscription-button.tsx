// Cancelling a subscription stops every later instalment, so it asks first. The payer's
// allowance stays until the payer resets it (the API answers that transaction).
"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiRequest, errorMessage } from "../api-client";

export function CancelSubscriptionButton({ id, label }: { id: string; label: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      await apiRequest("PATCH", `/v2/payouts/recurring/${encodeURIComponent(id)}`, { action: "cancel" });
      setOpen(false);
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => (setError(null), setOpen(true))} aria-label={`Cancel subscription ${label}`}>
        Cancel
      </Button>
      <ConfirmDialog open={open} title="Cancel this subscription?" confirmLabel="Cancel subscription" busyLabel="Cancelling…" danger busy={busy} error={error} onConfirm={cancel} onCancel={() => setOpen(false)}>
        <p>{label}: no further instalment is paid. A cancelled subscription cannot be resumed; the payer may also reset the allowance it gave.</p>
      </ConfirmDialog>
    </>
  );
}
