// A button for an action that cannot be undone (cancelling a payment link, a subscription,
// removing a sign-in method): it asks first, runs the action, then refreshes the page's data.
"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "./api-client";

export function ConfirmActionButton({
  label,
  title,
  confirmLabel,
  run,
  children,
  accessibleLabel,
  busyLabel = "Working…",
}: {
  label: string;
  title: string;
  confirmLabel: string;
  run: () => Promise<unknown>;
  children: ReactNode;
  /** The button's accessible name when `label` alone does not say what it acts on. */
  accessibleLabel?: string;
  busyLabel?: string;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await run();
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
      <Button
        variant="secondary"
        size="sm"
        onClick={() => (setError(null), setOpen(true))}
        aria-label={accessibleLabel}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        danger
        busy={busy}
        error={error}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
