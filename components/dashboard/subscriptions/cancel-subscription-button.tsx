// Cancelling a subscription stops every later instalment, so it asks first. The payer's
// allowance stays until the payer resets it (the API answers that transaction).
"use client";

import { apiRequest } from "../api-client";
import { ConfirmActionButton } from "../confirm-action-button";

export function CancelSubscriptionButton({ id, label }: { id: string; label: string }) {
  return (
    <ConfirmActionButton
      label="Cancel"
      accessibleLabel={`Cancel subscription ${label}`}
      title="Cancel this subscription?"
      confirmLabel="Cancel subscription"
      busyLabel="Cancelling…"
      run={() => apiRequest("PATCH", `/v2/payouts/recurring/${encodeURIComponent(id)}`, { action: "cancel" })}
    >
      <p>
        {label}: no further instalment is paid. A cancelled subscription cannot be resumed; the payer may also reset the
        allowance it gave.
      </p>
    </ConfirmActionButton>
  );
}
