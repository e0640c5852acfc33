// The payment page as a payer will see it with the branding being edited: the page's own
// frame and summary, drawn with a sample payment, updated on every keystroke.

import { NextIntlClientProvider } from "next-intl";
import { ACTION_CLASSES } from "@/components/pay/action-link";
import { PayCard, PayShell } from "@/components/pay/pay-shell";
import { PaymentSummary } from "@/components/pay/payment-summary";
import type { PageBranding, PayableView } from "@/lib/pay-page/browser";
import en from "@/messages/en.json";

function sample(branding: PageBranding, merchantName: string): PayableView {
  return {
    state: "payable",
    branding,
    merchantName,
    sandbox: false,
    token: "01PREVIEW00000000000000000",
    paymentType: "single",
    network: { id: "base", name: "Base", chainId: 8453, family: "evm", testnet: false },
    currency: { id: "USDC-base", symbol: "USDC", decimals: 6, address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" },
    payees: [{ address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", amount: "120" }],
    amount: "120",
    fees: [{ label: "Platform fee (1 %)", amount: "1.2" }],
    total: "121.2",
    totalLabel: "121.2 USDC",
    payLabel: "Pay 121.2 USDC",
    reference: "INV-1042",
    expiresAt: new Date("2030-01-01T12:00:00.000Z"),
    redirect: null,
    restricted: false,
    policy: { networkName: "Base", family: "evm", targets: [], spenders: [], recipients: [] },
    crosschain: null,
    link: "",
  };
}

export function BrandingPreview({ branding, merchantName }: { branding: PageBranding; merchantName: string }) {
  const view = sample(branding, merchantName);
  return (
    <div
      aria-label="Preview of the payment page"
      role="region"
      className="overflow-hidden rounded-lg border border-slate-300"
      data-testid="branding-preview"
    >
      {/* The payment page's words, in English here (payers see their own language). */}
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        <PayShell branding={branding} merchantName={merchantName} sandbox={false} preview>
          <PayCard labelledBy="preview-title">
            <h2 id="preview-title" className="sr-only">
              Sample payment
            </h2>
            <PaymentSummary view={view} />
            <div className="mt-6 space-y-3">
              <p className="text-base font-semibold">Pay with your wallet</p>
              <span className={`${ACTION_CLASSES} w-full`} data-testid="preview-action">
                Connect a wallet
              </span>
            </div>
          </PayCard>
        </PayShell>
      </NextIntlClientProvider>
    </div>
  );
}
