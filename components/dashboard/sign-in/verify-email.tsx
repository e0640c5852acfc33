// The page an emailed verification link opens: posts the fragment's token once and says how it went.
"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { apiRequest, errorMessage } from "../api-client";
import { useFragmentToken } from "./reset-password-form";

export function VerifyEmail() {
  const token = useFragmentToken();
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  useEffect(() => {
    if (!token) return;
    apiRequest("POST", "/v1/auth/email/verify", { token }, { redirectOn401: false }).then(
      () => setState({ ok: true, message: "Your email is verified." }),
      (err) => setState({ ok: false, message: errorMessage(err) }),
    );
  }, [token]);
  if (token === undefined) return null;
  return (
    <div role="status" className="space-y-3">
      <p className={state && !state.ok ? "text-red-700" : "text-slate-700"}>
        {token === null
          ? "This page opens from the link of a verification email."
          : (state?.message ?? "Verifying your email…")}
      </p>
      <Link href="/dashboard/settings" className="font-medium text-blue-700 underline">
        Go to Settings
      </Link>
    </div>
  );
}
