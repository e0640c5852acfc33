// Email and password: sign in, or create an account (which creates the platform too).
"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-fields";
import { ApiRequestError, apiRequest, errorMessage } from "../api-client";
import { ResetRequestForm } from "./reset-request-form";
import { type TwoFactorChallenge, TwoFactorStep } from "./two-factor-step";

export function EmailSignIn({
  onSignedIn,
  initialMode = "login",
}: {
  onSignedIn: () => void;
  initialMode?: "login" | "register";
}) {
  const [mode, setMode] = useState<"login" | "register">(initialMode);
  const [resetting, setResetting] = useState(false);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const apiError = error instanceof ApiRequestError ? error : null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await apiRequest<Partial<TwoFactorChallenge>>(
        "POST",
        mode === "login" ? "/v1/auth/login" : "/v1/auth/register",
        { email, password },
        { redirectOn401: false },
      );
      // A code is still due: the password step gave a ticket, not a session.
      if (answer?.twoFactor && answer.ticket) setChallenge(answer as TwoFactorChallenge);
      else onSignedIn();
    } catch (err) {
      setError(err instanceof Error ? err : new Error(errorMessage(err)));
    } finally {
      setBusy(false);
    }
  }

  const emailError = apiError?.fieldError("email");
  const passwordError = apiError?.fieldError("password");
  if (challenge) return <TwoFactorStep challenge={challenge} onSignedIn={onSignedIn} />;
  if (resetting) return <ResetRequestForm onBack={() => setResetting(false)} />;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={mode === "login" ? "Sign in with email" : "Create an account"}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
        error={emailError}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete={mode === "login" ? "current-password" : "new-password"}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
        maxLength={100}
        hint={mode === "register" ? "8 to 100 characters" : undefined}
        error={passwordError}
      />
      <FormError message={error && !emailError && !passwordError ? errorMessage(error) : null} />
      {mode === "login" && (
        <p className="text-right text-sm">
          <button type="button" className="font-medium text-blue-700 underline" onClick={() => setResetting(true)}>
            Forgot your password?
          </button>
        </p>
      )}
      <Button
        type="submit"
        className="w-full"
        busy={busy}
        busyLabel={mode === "login" ? "Signing in…" : "Creating account…"}
      >
        {mode === "login" ? "Sign in" : "Create account"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {mode === "login" ? "No account yet? " : "Already have an account? "}
        <button
          type="button"
          className="font-medium text-blue-700 underline"
          onClick={() => {
            setMode(mode === "login" ? "register" : "login");
            setError(null);
          }}
        >
          {mode === "login" ? "Create one" : "Sign in"}
        </button>
      </p>
    </form>
  );
}
