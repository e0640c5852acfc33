// Creating a payment link from the dashboard: the same POST /v2/secure-payments an integrator's
// server sends, with the session. One payment to one of the platform's active destinations.
"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { FormError, SelectField, TextAreaField, TextField } from "@/components/ui/form-fields";
import type { CreatedSecurePayment } from "@/lib/secure-payments/schemas";
import { ApiRequestError, apiRequest, errorMessage } from "../api-client";

export interface DestinationChoice {
  destinationId: string;
  label: string;
}

const FIELDS = ["requests", "reference", "expiresAt", "accessPolicy"] as const;

/** datetime-local ("2026-12-01T12:00") is the browser's local time: sent as an instant. */
function expiryOf(local: string): string | undefined {
  if (!local.trim()) return undefined;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

export function CreatePaymentLinkForm({ destinations }: { destinations: DestinationChoice[] }) {
  const router = useRouter();
  const [destinationId, setDestinationId] = useState(destinations[0]?.destinationId ?? "");
  const [amount, setAmount] = useState("");
  const [reference, setReference] = useState("");
  const [expiry, setExpiry] = useState("");
  const [payers, setPayers] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<CreatedSecurePayment | null>(null);
  const apiError = error instanceof ApiRequestError ? error : null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const allowed = payers
      .split(/[\s,]+/)
      .map((p) => p.trim())
      .filter(Boolean);
    try {
      const link = await apiRequest<CreatedSecurePayment>("POST", "/v2/secure-payments", {
        requests: [{ destinationId, amount: amount.trim() }],
        ...(reference.trim() ? { reference: reference.trim() } : {}),
        ...(expiry ? { expiresAt: expiryOf(expiry) } : {}),
        ...(allowed.length > 0 ? { accessPolicy: { allowedPayerAddresses: allowed } } : {}),
      });
      setCreated(link);
      setAmount("");
      setReference("");
      setPayers("");
      setExpiry("");
      router.refresh();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="new-link-title" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="new-link-title" className="mb-3 text-lg font-semibold">
        New payment link
      </h2>
      <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2" noValidate>
        <SelectField
          label="Pay to"
          value={destinationId}
          onChange={(e) => setDestinationId(e.target.value)}
          required
          className="font-mono text-xs"
          hint="An active payee destination of your platform."
        >
          {destinations.map((d) => (
            <option key={d.destinationId} value={d.destinationId}>
              {d.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Amount"
          inputMode="decimal"
          placeholder="42.50"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
          error={apiError?.fieldError("requests")}
          hint="In the destination’s token. A platform fee of your client ID, if any, is added for the payer."
        />
        <TextField
          label="Reference"
          placeholder="INV-1042"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          maxLength={255}
          error={apiError?.fieldError("reference")}
          hint="Shown to the payer and on the receipt."
        />
        <TextField
          label="Expires"
          type="datetime-local"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          error={apiError?.fieldError("expiresAt")}
          hint="Your local time. Empty: 7 days from now."
        />
        <TextAreaField
          label="Allowed payers"
          rows={2}
          placeholder="0x… (one per line)"
          value={payers}
          onChange={(e) => setPayers(e.target.value)}
          error={apiError?.fieldError("accessPolicy")}
          hint="Only these wallets may pay. Empty: anyone with the link."
          className="font-mono text-xs sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <FormError message={error ? errorMessage(error) : null} details={apiError?.otherErrors([...FIELDS]) ?? []} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" busy={busy} busyLabel="Creating…" disabled={!destinationId}>
            Create link
          </Button>
        </div>
      </form>
      {created && (
        <div
          role="status"
          className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950"
          data-testid="created-link"
        >
          <p className="font-medium">Link created. Send it to the payer:</p>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <a
              href={created.securePaymentUrl}
              target="_blank"
              rel="noopener"
              className="font-mono text-xs break-all underline underline-offset-2"
            >
              {created.securePaymentUrl}
            </a>
            <CopyButton value={created.securePaymentUrl} what="the new payment link" />
          </p>
        </div>
      )}
    </section>
  );
}
