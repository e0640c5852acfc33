// Cancelling an open payment link cannot be undone, so it asks first; the list then shows the
// link as cancelled.
"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiRequest, errorMessage } from "../api-client";

export function CancelLinkButton({ token, name }: { token: string; name: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      await apiRequest("POST", `/v2/secure-payments/${encodeURIComponent(token)}/cancel`);
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
      <Button variant="secondary" size="sm" onClick={() => (setError(null), setOpen(true))} aria-label={`Cancel link ${name}`}>
        Cancel link
      </Button>
      <ConfirmDialog open={open} title="Cancel this payment link?" confirmLabel="Cancel the link" busyLabel="Cancelling…" danger busy={busy} error={error} onConfirm={cancel} onCancel={() => setOpen(false)}>
        <p>Payers who open “{name}” are told it can no longer be paid. A cancelled link cannot be reopened: create a new one instead.</p>
      </ConfirmDialog>
    </>
  );
}
