// The built-in hosted agreement page (the agreementUrl of POST /v2/payer).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AgreementForm } from "@/components/payer-pages/agreement-form";
import { PayerShell } from "@/components/payer-pages/payer-shell";
import { loadPayerPortal } from "@/lib/payers";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("agreement");
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

export default async function PayerAgreementPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await loadPayerPortal(token);
  if (!view) notFound();
  const t = await getTranslations("agreement");
  const platform = view.platformName || (await getTranslations("payer"))("thePlatform");
  return (
    <PayerShell platformName={view.platformName} title={t("title")}>
      {view.agreementStatus === "completed" ? (
        <p data-testid="agreement-state">{t("accepted")}</p>
      ) : (
        <>
          <div className="mb-4 space-y-2 text-sm text-slate-700">
            <p>{t("how", { platform })}</p>
            <p>{t("confirm")}</p>
            <p>{t("data", { platform })}</p>
          </div>
          <AgreementForm token={token} />
        </>
      )}
    </PayerShell>
  );
}
