// The hosted agreement page's one action: the payer accepts the service agreement.
"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-fields";

export function AgreementForm({ token }: { token: string }) {
  const t = useTranslations("agreement");
  const router = useRouter();
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function accept(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/v2/payer-pages/${encodeURIComponent(token)}/agreement`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ accepted: true }),
      });
      if (!res.ok)
        setError(
          ((await res.json().catch(() => ({}))) as { message?: string }).message ??
            t("answered", { status: res.status }),
        );
      else router.refresh();
    } catch {
      setError(t("unreachable"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={accept} className="space-y-3">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
        <span>{t("checkbox")}</span>
      </label>
      <FormError message={error} />
      <Button type="submit" disabled={!checked} busy={busy} busyLabel={t("saving")}>
        {t("accept")}
      </Button>
    </form>
  );
}
