// The built-in compliance provider's hosted KYC page (the kycUrl of POST /v2/payer).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { KycForm } from "@/components/payer-pages/kyc-form";
import { PayerShell } from "@/components/payer-pages/payer-shell";
import { loadPayerPortal } from "@/lib/payers";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("payer");
  return { title: t("kycTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

export default async function PayerKycPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await loadPayerPortal(token);
  if (!view) notFound();
  const t = await getTranslations("payer");
  const platform = view.platformName || t("thePlatform");
  const shell = { platformName: view.platformName, title: t("kycTitle") };
  if (view.external)
    return (
      <PayerShell {...shell}>
        <p>{t("external", { platform })}</p>
      </PayerShell>
    );
  if (view.kycStatus === "completed")
    return (
      <PayerShell {...shell}>
        <p data-testid="kyc-state">{t("verified")}</p>
      </PayerShell>
    );
  if (view.kycStatus === "pending")
    return (
      <PayerShell {...shell}>
        <p data-testid="kyc-state">{t("pending")}</p>
      </PayerShell>
    );
  return (
    <PayerShell {...shell}>
      {view.kycStatus === "rejected" && (
        <p className="mb-3 rounded border border-red-200 bg-red-50 p-2 text-sm text-red-900" role="alert">
          {t("rejected", { reason: view.kycRejectionReason ?? "" })}
        </p>
      )}
      <p className="mb-3 text-sm text-slate-700">{t("check")}</p>
      <KycForm token={token} view={view} />
    </PayerShell>
  );
}
