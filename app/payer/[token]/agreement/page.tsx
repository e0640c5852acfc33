// The built-in hosted agreement page (the agreementUrl of POST /v2/payer).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AgreementForm } from "@/components/payer-pages/agreement-form";
import { PayerShell } from "@/components/payer-pages/payer-shell";
import { loadPayerPortal } from "@/lib/payers";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Payment agreement",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default async function PayerAgreementPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await loadPayerPortal(token);
  if (!view) notFound();
  return (
    <PayerShell platformName={view.platformName} title="Payment agreement">
      {view.agreementStatus === "completed" ? (
        <p data-testid="agreement-state">You accepted the agreement. Nothing more to do here.</p>
      ) : (
        <>
          <div className="mb-4 space-y-2 text-sm text-slate-700">
            <p>
              Payments to you are sent in cryptocurrency to {view.platformName || "the platform"}&apos;s off-ramp,
              converted, and paid into the bank account you registered.
            </p>
            <p>
              You confirm that the identity details you gave are true, that the bank account is yours, and that the
              funds do not come from or go to sanctioned persons or unlawful activity.
            </p>
            <p>
              Your personal data is used only to verify your identity and to make these payments; it is stored encrypted
              and you may ask {view.platformName || "the platform"} to erase it.
            </p>
          </div>
          <AgreementForm token={token} />
        </>
      )}
    </PayerShell>
  );
}
