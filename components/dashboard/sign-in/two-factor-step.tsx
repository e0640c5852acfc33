// The second step of an email sign-in with two-factor: the code of the authenticator app (or a
// recovery code); or, when the platform requires two-factor and the user has none yet, setting
// up the app first. No session exists until this step succeeds.
"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-fields";
import { apiRequest, errorMessage } from "../api-client";
import { RecoveryCodes, TotpEnrolForm } from "../two-factor/totp-setup";

export interface TwoFactorChallenge {
  twoFactor: "code" | "enrol";
  ticket: string;
  enrolment?: { secret: string; otpauthUrl: string };
}

const finish = (ticket: string, code: string) =>
  apiRequest<{ recoveryCodes?: string[] }>(
    "POST",
    "/v1/auth/login/two-factor",
    { ticket, code },
    { redirectOn401: false },
  );

function CodeForm({ ticket, onSignedIn }: { ticket: string; onSignedIn: () => void }) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await finish(ticket, code);
      onSignedIn();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Two-factor code">
      <p className="text-sm text-slate-600">Enter the 6-digit code your authenticator app shows, or a recovery code.</p>
      <TextField
        label="Code"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
        maxLength={20}
        autoFocus
      />
      <FormError message={error} />
      <Button type="submit" className="w-full" busy={busy} busyLabel="Checking…">
        Verify
      </Button>
    </form>
  );
}

export function TwoFactorStep({ challenge, onSignedIn }: { challenge: TwoFactorChallenge; onSignedIn: () => void }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  if (challenge.twoFactor === "code") return <CodeForm ticket={challenge.ticket} onSignedIn={onSignedIn} />;
  if (codes) return <RecoveryCodes codes={codes} onDone={onSignedIn} doneLabel="Continue to the dashboard" />;
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium">Your platform requires two-factor sign-in. Set it up to continue.</p>
      {challenge.enrolment && (
        <TotpEnrolForm
          secret={challenge.enrolment.secret}
          otpauthUrl={challenge.enrolment.otpauthUrl}
          confirm={async (code) => setCodes((await finish(challenge.ticket, code)).recoveryCodes ?? [])}
        />
      )}
    </div>
  );
}
