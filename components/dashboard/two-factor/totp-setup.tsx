// The parts of setting up TOTP, shared by Settings and by a sign-in the platform makes enrol:
// the secret as a QR code and as text, the field for the app's first code, and the recovery
// codes shown once afterwards.
"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { FormError, TextField } from "@/components/ui/form-fields";
import { QrCode } from "@/components/ui/qr-code";
import { errorMessage } from "../api-client";

/** The secret to add to an authenticator app, then a code of it to confirm. */
export function TotpEnrolForm({
  secret,
  otpauthUrl,
  confirm,
}: {
  secret: string;
  otpauthUrl: string;
  confirm: (code: string) => Promise<unknown>;
}) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await confirm(code);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }
  const grouped = secret.replace(/(.{4})/g, "$1 ").trim();
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Set up an authenticator app">
      <p className="text-sm text-slate-600">
        Scan the QR code with an authenticator app (or type the key), then enter the 6-digit code it shows.
      </p>
      <QrCode value={otpauthUrl} id="totp-qr" title="QR code of the authenticator key" />
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm">Key:</span>
        <code className="font-mono text-sm break-all" data-testid="totp-secret" data-secret={secret}>
          {grouped}
        </code>
        <CopyButton value={secret} what="authenticator key" />
      </div>
      <TextField
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
        maxLength={6}
      />
      <FormError message={error} />
      <Button type="submit" busy={busy} busyLabel="Checking…">
        Turn on two-factor sign-in
      </Button>
    </form>
  );
}

/** The recovery codes, shown once: the user must keep them before going on. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  return (
    <div className="space-y-3" role="status">
      <p className="text-sm font-medium">Two-factor sign-in is on. Keep these recovery codes somewhere safe.</p>
      <p className="text-sm text-slate-600">Each one signs in once without the app. They are shown only now.</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={codes.join("\n")} what="recovery codes" label="Copy the codes" />
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}
