// Settings: whether the account's email is verified, and a button that sends its link again.
"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-fields";
import { apiRequest, errorMessage } from "../api-client";

export function EmailVerification({ verified }: { verified: boolean }) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (verified)
    return (
      <p className="text-sm text-emerald-800" data-testid="email-verified">
        Verified
      </p>
    );
  async function resend() {
    setBusy(true);
    setError(null);
    try {
      const r = await apiRequest<{ sent: boolean }>("POST", "/v1/auth/email/verification");
      setNote(
        r.sent ? "Sent: open the link in the email." : "A link went out less than a minute ago: check your inbox.",
      );
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2" data-testid="email-unverified">
      <p className="text-sm text-amber-800">Not verified yet: open the link we emailed you.</p>
      <Button type="button" variant="secondary" busy={busy} busyLabel="Sending…" onClick={resend}>
        Send the link again
      </Button>
      {note && (
        <p role="status" className="text-sm text-slate-700">
          {note}
        </p>
      )}
      <FormError message={error} />
    </div>
  );
}
