// The built-in compliance provider's hosted KYC page (the kycUrl of POST /v2/payer).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { KycForm } from "@/components/payer-pages/kyc-form";
import { PayerShell } from "@/components/payer-pages/payer-shell";
import { loadPayerPortal } from "@/lib/payers";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Verify your identity",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default async function PayerKycPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await loadPayerPortal(token);
  if (!view) notFound();
  const shell = { platformName: view.platformName, title: "Verify your identity" };
  if (view.external)
    return (
      <PayerShell {...shell}>
        <p>
          Your identity is verified by our compliance partner: use the link you received from{" "}
          {view.platformName || "the platform"}.
        </p>
      </PayerShell>
    );
  if (view.kycStatus === "completed")
    return (
      <PayerShell {...shell}>
        <p data-testid="kyc-state">Your identity is verified. Nothing more to do here.</p>
      </PayerShell>
    );
  if (view.kycStatus === "pending")
    return (
      <PayerShell {...shell}>
        <p data-testid="kyc-state">Thank you: your details were submitted and are being reviewed.</p>
      </PayerShell>
    );
  return (
    <PayerShell {...shell}>
      {view.kycStatus === "rejected" && (
        <p className="mb-3 rounded border border-red-200 bg-red-50 p-2 text-sm text-red-900" role="alert">
          Your earlier submission was not accepted: {view.kycRejectionReason}. Correct your details and submit again.
        </p>
      )}
      <p className="mb-3 text-sm text-slate-700">
        Check the details below, correct anything wrong, and submit them for review.
      </p>
      <KycForm token={token} view={view} />
    </PayerShell>
  );
}
