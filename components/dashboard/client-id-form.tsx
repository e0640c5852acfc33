// The settings of a client ID, for creating one (POST) and changing one (PUT). Empty optional
// fields are left out on creation and unset (null) on change.
"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextAreaField, TextField } from "@/components/ui/form-fields";
import type { ClientIdRecord } from "@/lib/client-ids/schemas";
import { ApiRequestError, apiRequest, errorMessage } from "./api-client";

type ClientIdSettings = Pick<
  ClientIdRecord,
  | "label"
  | "allowedDomains"
  | "feePercentage"
  | "feeAddress"
  | "operatorWalletAddress"
  | "defaultPreApprovalExpiry"
  | "defaultAuthorizationExpiry"
>;

const FIELDS = [
  "label",
  "allowedDomains",
  "feePercentage",
  "feeAddress",
  "operatorWalletAddress",
  "defaultPreApprovalExpiry",
  "defaultAuthorizationExpiry",
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

function toValues(s?: ClientIdSettings): Values {
  return {
    label: s?.label ?? "",
    allowedDomains: s?.allowedDomains.join("\n") ?? "",
    feePercentage: s?.feePercentage ?? "",
    feeAddress: s?.feeAddress ?? "",
    operatorWalletAddress: s?.operatorWalletAddress ?? "",
    defaultPreApprovalExpiry: s?.defaultPreApprovalExpiry?.toString() ?? "",
    defaultAuthorizationExpiry: s?.defaultAuthorizationExpiry?.toString() ?? "",
  };
}

/** A whole number stays a number; anything else goes as typed, for the API to explain. */
function seconds(v: string): number | string {
  return /^\d+$/.test(v.trim()) ? Number(v.trim()) : v;
}

function toBody(v: Values, mode: "create" | "update"): Record<string, unknown> {
  const empty = mode === "create" ? undefined : null;
  const opt = (s: string) => (s.trim() === "" ? empty : s.trim());
  return {
    label: v.label,
    allowedDomains: v.allowedDomains
      .split(/[\n,]/)
      .map((d) => d.trim())
      .filter(Boolean),
    feePercentage: opt(v.feePercentage),
    feeAddress: opt(v.feeAddress),
    operatorWalletAddress: opt(v.operatorWalletAddress),
    defaultPreApprovalExpiry: v.defaultPreApprovalExpiry.trim() === "" ? empty : seconds(v.defaultPreApprovalExpiry),
    defaultAuthorizationExpiry:
      v.defaultAuthorizationExpiry.trim() === "" ? empty : seconds(v.defaultAuthorizationExpiry),
  };
}

export function ClientIdForm({
  mode,
  initial,
  action,
  submitLabel,
  onSaved,
  onCancel,
}: {
  mode: "create" | "update";
  initial?: ClientIdSettings;
  /** The API path: POST /v2/client-ids or PUT /v2/client-ids/{id}. */
  action: string;
  submitLabel: string;
  onSaved: (record: ClientIdRecord) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<Values>(() => toValues(initial));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const apiError = error instanceof ApiRequestError ? error : null;
  const set = (f: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [f]: e.target.value }));
  const field = (f: Field) => apiError?.fieldError(f);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const record = await apiRequest<ClientIdRecord>(mode === "create" ? "POST" : "PUT", action, toBody(values, mode));
      if (mode === "create") setValues(toValues());
      onSaved(record);
    } catch (err) {
      setError(err instanceof Error ? err : new Error(errorMessage(err)));
    } finally {
      setBusy(false);
    }
  }

  const others = apiError ? apiError.otherErrors([...FIELDS]) : [];
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Label"
        value={values.label}
        onChange={set("label")}
        required
        maxLength={100}
        hint="A name for your own use"
        error={field("label")}
      />
      <TextAreaField
        label="Allowed origins"
        value={values.allowedDomains}
        onChange={set("allowedDomains")}
        rows={3}
        hint="One per line: a full origin (https://shop.example.com), a host (shop.example.com) or every subdomain (*.example.com). Browsers may use the client ID only from these. Leave empty for a backend client ID, used from servers without Origin (bind it to a payee destination on its page)."
        error={field("allowedDomains")}
      />
      <details className="rounded-md border border-slate-200 px-3 py-2" open={mode === "update" || undefined}>
        <summary className="cursor-pointer text-sm font-medium">Fees, operator and expiries</summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextField
            label="Fee percentage"
            value={values.feePercentage}
            onChange={set("feePercentage")}
            inputMode="decimal"
            hint="e.g. 2.5 for 2.5 %; 0 lets the fee of each API request apply"
            error={field("feePercentage")}
          />
          <TextField
            label="Fee address"
            value={values.feeAddress}
            onChange={set("feeAddress")}
            spellCheck={false}
            hint="Wallet receiving the fee (EVM or Tron)"
            error={field("feeAddress")}
          />
          <TextField
            label="Operator wallet address"
            value={values.operatorWalletAddress}
            onChange={set("operatorWalletAddress")}
            spellCheck={false}
            hint="Operator of commerce payments (EVM or Tron)"
            error={field("operatorWalletAddress")}
          />
          <div />
          <TextField
            label="Default pre-approval expiry (seconds)"
            value={values.defaultPreApprovalExpiry}
            onChange={set("defaultPreApprovalExpiry")}
            inputMode="numeric"
            error={field("defaultPreApprovalExpiry")}
          />
          <TextField
            label="Default authorization expiry (seconds)"
            value={values.defaultAuthorizationExpiry}
            onChange={set("defaultAuthorizationExpiry")}
            inputMode="numeric"
            error={field("defaultAuthorizationExpiry")}
          />
        </div>
      </details>
      <FormError
        message={
          !error
            ? null
            : apiError && apiError.fieldErrors.length > 0
              ? "Some settings are not valid; see the notes above."
              : errorMessage(error)
        }
        details={others}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" busy={busy} busyLabel="Saving…">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
