// Settings: two-factor email sign-in (TOTP). Off: set up an authenticator app (QR code and key,
// then its first code), after which the recovery codes are shown once. On: turn it off with a
// current code. And the platform's policy: require it for every email sign-in.
"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-fields";
import { apiRequest, errorMessage } from "../api-client";
import { RecoveryCodes, TotpEnrolForm } from "../two-factor/totp-setup";
import { useSavedToggle } from "../use-saved-toggle";

export interface TwoFactorState {
  enabled: boolean;
  recoveryCodesLeft: number;
  requiredByPlatform: boolean;
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apiRequest("POST", "/v1/auth/two-factor/totp/disable", { code });
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Turn off two-factor sign-in">
      <TextField
        label="Current code (or a recovery code)"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
        maxLength={20}
      />
      <FormError message={error} />
      <Button type="submit" variant="secondary" busy={busy} busyLabel="Turning off…">
        Turn off two-factor sign-in
      </Button>
    </form>
  );
}

function Enrol({ onDone }: { onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function start() {
    setBusy(true);
    setError(null);
    try {
      setEnrolment(await apiRequest("POST", "/v1/auth/two-factor/totp"));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} doneLabel="I have saved them" />;
  if (enrolment)
    return (
      <TotpEnrolForm
        {...enrolment}
        confirm={async (code) =>
          setCodes(
            (await apiRequest<{ recoveryCodes: string[] }>("POST", "/v1/auth/two-factor/totp/confirm", { code }))
              .recoveryCodes,
          )
        }
      />
    );
  return (
    <div className="space-y-2">
      <Button onClick={start} busy={busy} busyLabel="Starting…">
        Set up an authenticator app
      </Button>
      <FormError message={error} />
    </div>
  );
}

function RequirePolicy({ required, onChanged }: { required: boolean; onChanged: () => void }) {
  const { on, busy, error, toggle } = useSavedToggle(
    required,
    (next) => apiRequest("PUT", "/v1/platform/sign-in-policy", { requireTwoFactor: next }),
    onChanged,
  );
  return (
    <div className="space-y-1 border-t border-slate-200 pt-4">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={on}
          disabled={busy}
          onChange={(e) => void toggle(e.target.checked)}
          data-testid="require-two-factor"
        />
        <span>
          Require two-factor for email sign-in on this platform. Without an authenticator app set up, an email sign-in
          sets one up before reaching the dashboard. Wallet sign-in is not affected.
        </span>
      </label>
      <FormError message={error} />
    </div>
  );
}

export function TwoFactorSettings({ state, hasEmail }: { state: TwoFactorState; hasEmail: boolean }) {
  const router = useRouter();
  const refresh = () => router.refresh();
  return (
    <section aria-labelledby="two-factor-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="two-factor-title" className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Email sign-in asks for a code from an authenticator app after the password. A wallet signature already proves
        you hold the wallet, so wallet sign-in needs no second step.
      </p>
      <div className="mt-4 space-y-4">
        {!hasEmail ? (
          <p className="text-sm text-slate-600">Add an email and password first: two-factor protects email sign-in.</p>
        ) : state.enabled ? (
          <>
            <p className="text-sm" data-testid="two-factor-state">
              On. {state.recoveryCodesLeft} unused recovery codes.
            </p>
            {state.requiredByPlatform ? (
              <p className="text-sm text-slate-600">The platform requires it, so it cannot be turned off.</p>
            ) : (
              <DisableForm onDone={refresh} />
            )}
          </>
        ) : (
          <>
            <p className="text-sm" data-testid="two-factor-state">
              Off.
            </p>
            <Enrol onDone={refresh} />
          </>
        )}
        <RequirePolicy required={state.requiredByPlatform} onChanged={refresh} />
      </div>
    </section>
  );
}
