// The hosted KYC page's form: the payer reviews the data the platform sent, corrects what is
// wrong, and submits it for the platform's review. Only changed fields are sent. The state and
// the tax number are asked for by the country of residence (lib/payers/identity-rules.ts): a
// payer in the UK sees neither, one in the US must give both.
"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-fields";
import type { PayerPortalView } from "@/lib/payers";
import { identityRequirements } from "@/lib/payers/browser";

const FIELDS = [
  "firstName",
  "lastName",
  "email",
  "dateOfBirth",
  "phone",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "postcode",
  "country",
  "nationality",
] as const;

/** "GB" → "United Kingdom" in the page's language; null for anything not a region code. */
function regionName(locale: string, code: string): string | null {
  if (!/^[A-Za-z]{2}$/.test(code)) return null;
  try {
    const name = new Intl.DisplayNames([locale], { type: "region" }).of(code.toUpperCase());
    return name && name !== code.toUpperCase() ? name : null;
  } catch {
    return null;
  }
}

export function KycForm({ token, view }: { token: string; view: PayerPortalView }) {
  const t = useTranslations("kyc");
  const locale = useLocale();
  const router = useRouter();
  const initial = Object.fromEntries(FIELDS.map((k) => [k, String(view.identity[k] ?? "")])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const [values, setValues] = useState(initial);
  const [ssn, setSsn] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; details: string[] } | null>(null);
  const needs = identityRequirements(values.country);
  // A state already on file stays visible (and correctable) wherever the payer lives.
  const showState = needs.state || initial.state !== "";
  const showSsn = needs.ssn || view.identity.ssnMasked !== null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const corrections: Record<string, string> = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => v !== initial[k as keyof typeof initial]),
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
          message: body.message ?? t("answered", { status: res.status }),
          details: (body.errors ?? []).map((x) => `${x.field.replace(/^corrections\./, "")}: ${x.message}`),
        });
        return;
      }
      router.refresh();
    } catch {
      setError({ message: t("unreachable"), details: [] });
    } finally {
      setBusy(false);
    }
  }

  const country = regionName(locale, values.country);
  return (
    <form onSubmit={submit} className="space-y-3" aria-label={t("formLabel")} noValidate>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {FIELDS.filter((k) => k !== "state" || showState).map((k) => (
          <TextField
            key={k}
            label={t(`fields.${k}`)}
            name={k}
            value={values[k]}
            required={k === "state" ? needs.state : k !== "addressLine2"}
            optionalLabel={t("optional")}
            hint={k === "country" && country ? country : undefined}
            onChange={(e) => setValues({ ...values, [k]: e.target.value })}
          />
        ))}
        {showSsn && (
          <TextField
            label={t("fields.ssn")}
            name="ssn"
            value={ssn}
            required={needs.ssn}
            optionalLabel={t("optional")}
            onChange={(e) => setSsn(e.target.value)}
            hint={view.identity.ssnMasked ? t("ssnOnFile", { masked: view.identity.ssnMasked }) : t("ssnNeeded")}
            autoComplete="off"
          />
        )}
      </div>
      <FormError message={error?.message} details={error?.details} />
      <Button type="submit" busy={busy} busyLabel={t("submitting")}>
        {t("submit")}
      </Button>
    </form>
  );
}
