// The hosted KYC page's form: the payer reviews the data the platform sent, corrects what is
// wrong, and submits it for the platform's review. Only changed fields are sent.
"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-fields";
import type { PayerPortalView } from "@/lib/payers";

const FIELDS = [
  ["firstName", "First name"],
  ["lastName", "Last name"],
  ["email", "Email"],
  ["dateOfBirth", "Date of birth (YYYY-MM-DD)"],
  ["phone", "Phone"],
  ["addressLine1", "Address"],
  ["addressLine2", "Address (line 2)"],
  ["city", "City"],
  ["state", "State or region"],
  ["postcode", "Postcode"],
  ["country", "Country (2 letters)"],
  ["nationality", "Nationality (2 letters)"],
] as const;

export function KycForm({ token, view }: { token: string; view: PayerPortalView }) {
  const router = useRouter();
  const initial = Object.fromEntries(FIELDS.map(([k]) => [k, String(view.identity[k] ?? "")])) as Record<
    string,
    string
  >;
  const [values, setValues] = useState(initial);
  const [ssn, setSsn] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; details: string[] } | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const corrections: Record<string, string> = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => v !== initial[k]),
    );
    if (ssn.trim()) corrections.ssn = ssn.trim();
    try {
      const res = await fetch(`/v2/payer-pages/${encodeURIComponent(token)}/kyc`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ corrections }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as {
          message?: string;
          errors?: { field: string; message: string }[];
        };
        setError({
          message: body.message ?? `The service answered ${res.status}`,
          details: (body.errors ?? []).map((x) => `${x.field.replace(/^corrections\./, "")}: ${x.message}`),
        });
        return;
      }
      router.refresh();
    } catch {
      setError({ message: "The service could not be reached; try again", details: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Your details" noValidate>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {FIELDS.map(([k, label]) => (
          <TextField
            key={k}
            label={label}
            name={k}
            value={values[k]}
            required={k !== "addressLine2"}
            onChange={(e) => setValues({ ...values, [k]: e.target.value })}
          />
        ))}
        <TextField
          label="Tax or social security number"
          name="ssn"
          value={ssn}
          onChange={(e) => setSsn(e.target.value)}
          hint={`On file: ${view.identity.ssnMasked}. Type it only to correct it.`}
          autoComplete="off"
        />
      </div>
      <FormError message={error?.message} details={error?.details} />
      <Button type="submit" busy={busy} busyLabel="Submitting…">
        Confirm and submit for review
      </Button>
    </form>
  );
}
