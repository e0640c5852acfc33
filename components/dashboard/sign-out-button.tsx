"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { SIGN_IN_PATH } from "@/lib/dashboard/sign-in-redirect";
import { apiRequest } from "./api-client";

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      busy={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await apiRequest("POST", "/v1/auth/logout", undefined, { redirectOn401: false });
        } finally {
          // A full load: nothing of the signed-in pages stays in the router cache.
          window.location.assign(SIGN_IN_PATH);
        }
      }}
    >
      Sign out
    </Button>
  );
}
