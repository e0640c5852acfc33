// "Forgot your password?": asks for a reset link. The answer is the same whether or not an
// account has the email, so the page says "if".
"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-fields";
import { ApiRequestError, apiRequest, errorMessage } from "../api-client";

export function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const emailError = error instanceof ApiRequestError ? error.fieldError("email") : undefined;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apiRequest("POST", "/v1/auth/password-reset", { email }, { redirectOn401: false });
      setSent(true);
    } catch (err) {
      setError(err instanceof Error ? err : new Error(errorMessage(err)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Reset your password">
      {sent ? (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          If an account has this email, we sent it a link to choose a new password. It works once, within 30 minutes.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Enter your account’s email: we will send it a link to choose a new password.
          </p>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            error={emailError}
          />
          <FormError message={error && !emailError ? errorMessage(error) : null} />
          <Button type="submit" className="w-full" busy={busy} busyLabel="Sending…">
            Send reset link
          </Button>
        </>
      )}
      <p className="text-center text-sm">
        <button type="button" className="font-medium text-blue-700 underline" onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </form>
  );
}
