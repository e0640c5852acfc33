// Rotating an endpoint's signing secret: asks first (the new secret is shown once), with how
// long the old secret keeps signing beside it; then shows the new secret like a new endpoint's.
// docs/decisions/webhooks-secret-rotation.md.
"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField } from "@/components/ui/form-fields";
import { formatTime } from "@/components/ui/format-time";
import { errorMessage } from "../api-client";
import { NewSecretNotice } from "./new-secret-notice";
import { rotateSecret } from "./webhook-api";

const OVERLAPS = [
  { seconds: 0, label: "No overlap: the old secret stops at once" },
  { seconds: 3600, label: "1 hour" },
  { seconds: 24 * 3600, label: "24 hours (default)" },
  { seconds: 7 * 24 * 3600, label: "7 days" },
];

export function RotateSecret({
  endpoint,
  onRotated,
}: {
  endpoint: { id: string; url: string; previousSecretExpiresAt: string | null };
  onRotated: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [overlap, setOverlap] = useState(String(24 * 3600));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rotated, setRotated] = useState<{ secret: string; previousSecretExpiresAt: string | null } | null>(null);
  async function rotate() {
    setBusy(true);
    setError(null);
    try {
      const r = await rotateSecret(endpoint.id, Number(overlap));
      setRotated(r);
      setOpen(false);
      onRotated();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2">
      <p>
        Shown once, when the endpoint was added or its secret rotated.
        {endpoint.previousSecretExpiresAt && (
          <span data-testid="previous-secret-until">
            {" "}
            The previous secret also signs webhook-signature until {formatTime(endpoint.previousSecretExpiresAt)}.
          </span>
        )}
      </p>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => (setError(null), setOpen(true))}
        aria-label={`Rotate secret of ${endpoint.url}`}
      >
        Rotate secret
      </Button>
      <ConfirmDialog
        open={open}
        title="Rotate this endpoint's signing secret?"
        confirmLabel="Rotate secret"
        busyLabel="Rotating…"
        busy={busy}
        error={error}
        onConfirm={rotate}
        onCancel={() => setOpen(false)}
      >
        <p>A new secret is made and shown once. Deliveries are signed with it from now on.</p>
        <SelectField
          label="The old secret keeps signing"
          value={overlap}
          onChange={(e) => setOverlap(e.target.value)}
          className="mt-2"
        >
          {OVERLAPS.map((o) => (
            <option key={o.seconds} value={o.seconds}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <p className="mt-2 text-slate-700">
          During the overlap <code className="font-mono text-xs">webhook-signature</code> carries both signatures, so
          Standard Webhooks receivers accept either secret.{" "}
          <code className="font-mono text-xs">x-service-signature</code> carries the new secret&apos;s alone at once.
          {endpoint.previousSecretExpiresAt ? " The secret replaced by the last rotation stops now." : ""}
        </p>
      </ConfirmDialog>
      {rotated && (
        <NewSecretNotice
          url={endpoint.url}
          secret={rotated.secret}
          title="Secret rotated: copy the new signing secret now"
          note={
            rotated.previousSecretExpiresAt
              ? `The old secret keeps signing webhook-signature until ${formatTime(rotated.previousSecretExpiresAt)}.`
              : "The old secret no longer signs."
          }
          onDone={() => setRotated(null)}
        />
      )}
    </div>
  );
}
