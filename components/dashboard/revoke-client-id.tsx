// Revoking a client ID is permanent, so it always asks first.
"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiRequest, errorMessage } from "./api-client";

export function RevokeClientIdButton({
  id,
  label,
  clientId,
  onRevoked,
}: {
  id: string;
  label: string;
  clientId: string;
  onRevoked: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function revoke() {
    setBusy(true);
    setError(null);
    try {
      await apiRequest("DELETE", `/v2/client-ids/${encodeURIComponent(id)}`);
      setOpen(false);
      onRevoked();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => (setError(null), setOpen(true))}
        aria-label={`Revoke client ID ${label}`}
      >
        Revoke
      </Button>
      <ConfirmDialog
        open={open}
        title="Revoke this client ID?"
        confirmLabel="Revoke client ID"
        busyLabel="Revoking…"
        danger
        busy={busy}
        error={error}
        onConfirm={revoke}
        onCancel={() => setOpen(false)}
      >
        <p>
          “{label}” (<span className="font-mono break-all">{clientId}</span>) stops authenticating at once: pages using
          it get 401 answers, and its orchestrator link ends.
        </p>
        <p className="mt-2 font-medium">A revoked client ID cannot be reactivated.</p>
      </ConfirmDialog>
    </>
  );
}
