// Cancelling an open payment link cannot be undone, so it asks first; the list then shows the
// link as cancelled.
"use client";

import { apiRequest } from "../api-client";
import { ConfirmActionButton } from "../confirm-action-button";

export function CancelLinkButton({ token, name }: { token: string; name: string }) {
  return (
    <ConfirmActionButton
      label="Cancel link"
      accessibleLabel={`Cancel link ${name}`}
      title="Cancel this payment link?"
      confirmLabel="Cancel the link"
      busyLabel="Cancelling…"
      run={() => apiRequest("POST", `/v2/secure-payments/${encodeURIComponent(token)}/cancel`)}
    >
      <p>
        Payers who open “{name}” are told it can no longer be paid. A cancelled link cannot be reopened: create a new
        one instead.
      </p>
    </ConfirmActionButton>
  );
}
