"use client";

import { useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { SIGN_IN_PATH, signInUrl } from "@/lib/dashboard/browser";
import { apiRequest } from "./api-client";

/** Ends the session, then opens the sign-in page (which comes back to `returnTo`, when given). */
export function SignOutButton({
  label = "Sign out",
  returnTo,
  variant = "ghost",
  size = "sm",
  className,
}: { label?: string; returnTo?: string } & Pick<ButtonProps, "variant" | "size" | "className">) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      busy={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await apiRequest("POST", "/v1/auth/logout", undefined, { redirectOn401: false });
        } finally {
          // A full load: nothing of the signed-in pages stays in the router cache.
          window.location.assign(returnTo ? signInUrl(returnTo) : SIGN_IN_PATH);
        }
      }}
    >
      {label}
    </Button>
  );
}
