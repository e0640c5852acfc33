// The hosted agreement page's one action: the payer accepts the service agreement.
"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-fields";

export function AgreementForm({ token }: { token: string }) {
  const router = useRouter();
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function accept(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/v2/payer-pages/${encodeURIComponent(token)}/agreement`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ accepted: true }),
      });
      if (!res.ok)
        setError(
          ((await res.json().catch(() => ({}))) as { message?: string }).message ??
            `The service answered ${res.status}`,
        );
      else router.refresh();
    } catch {
      setError("The service could not be reached; try again");
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={accept} className="space-y-3">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
        <span>I have read and accept the agreement above.</span>
      </label>
      <FormError message={error} />
      <Button type="submit" disabled={!checked} busy={busy} busyLabel="Saving…">
        Accept the agreement
      </Button>
    </form>
  );
}
