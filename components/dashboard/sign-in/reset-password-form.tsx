// The page an emailed reset link opens: the token is in the URL's fragment (never sent to the
// server in a request line), read here and posted with the new password.
"use client";

import Link from "next/link";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-fields";
import { ApiRequestError, apiRequest, errorMessage } from "../api-client";

// The token read from the fragment, kept once the fragment is cleared from the address bar.
let captured: string | null = null;
function fragmentToken(): string | null {
  const value = new URLSearchParams(window.location.hash.slice(1)).get("token");
  if (value) captured = value;
  return captured;
}
const noSubscription = () => () => {};

/** The `token` of the fragment (#token=…), then removed from the address bar; undefined on the server. */
export function useFragmentToken(): string | null | undefined {
  const token = useSyncExternalStore(noSubscription, fragmentToken, () => undefined);
  useEffect(() => {
    if (window.location.hash.includes("token=")) window.history.replaceState(null, "", window.location.pathname);
  }, [token]);
  return token;
}

export function ResetPasswordForm() {
  const token = useFragmentToken();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const passwordError = error instanceof ApiRequestError ? error.fieldError("password") : undefined;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apiRequest("POST", "/v1/auth/password-reset/confirm", { token, password }, { redirectOn401: false });
      setDone(true);
    } catch (err) {
      setError(err instanceof Error ? err : new Error(errorMessage(err)));
    } finally {
      setBusy(false);
    }
  }

  if (token === undefined) return null;
  if (token === null)
    return (
      <p className="text-slate-700">
        This page opens from the link of a password reset email.{" "}
        <Link href="/dashboard/sign-in" className="text-blue-700 underline">
          Ask for a new link
        </Link>
        .
      </p>
    );
  if (done)
    return (
      <div role="status" className="space-y-3">
        <p className="text-slate-700">Your password was changed, and every session of your account was signed out.</p>
        <Link href="/dashboard/sign-in" className="font-medium text-blue-700 underline">
          Sign in with your new password
        </Link>
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Choose a new password">
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
        maxLength={100}
        hint="8 to 100 characters"
        error={passwordError}
      />
      <FormError message={error && !passwordError ? errorMessage(error) : null} />
      <Button type="submit" className="w-full" busy={busy} busyLabel="Saving…">
        Set new password
      </Button>
    </form>
  );
}
