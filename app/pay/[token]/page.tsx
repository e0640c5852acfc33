// The hosted Secure Payment Page. Everything a payer reads is rendered here on the server;
// the wallet island (components/pay/checkout-island.tsx) is the only script of the first load.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { CheckoutIsland } from "@/components/pay/checkout-island";
import { PayWays } from "@/components/pay/deposit-checkout";
import { LinkQr } from "@/components/pay/link-qr";
import { MulticallSummary } from "@/components/pay/multicall-summary";
import { PayCard, PayShell } from "@/components/pay/pay-shell";
import { PaymentSummary } from "@/components/pay/payment-summary";
import { CompletedPanel, ExpiredPanel, NotPayablePanel } from "@/components/pay/state-panels";
import { getConfig } from "@/lib/config";
import { formatLocaleMoney } from "@/lib/i18n/format";
import { checkoutProps, loadPayPage, pageDeposit } from "@/lib/pay-page";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ token: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const view = await loadPayPage((await params).token);
  const t = await getTranslations("page");
  const title =
    view.state === "payable"
      ? view.paymentType === "multicall"
        ? t("payAll", { count: view.children?.filter((c) => c.executable).length ?? 0 })
        : t("pay", { amount: formatLocaleMoney(await getLocale(), view.total, view.currency.symbol) })
      : view.state === "unknown"
        ? t("notFound")
        : t("link");
  return { title, robots: { index: false, follow: false }, referrer: "no-referrer" };
}

export default async function PayPage({ params }: Params) {
  const { token } = await params;
  const view = await loadPayPage(token);
  if (view.state === "unknown") notFound();
  const shell = { branding: view.branding, merchantName: view.merchantName, sandbox: view.sandbox };
  if (view.state === "expired")
    return (
      <PayShell {...shell}>
        <ExpiredPanel view={view} />
      </PayShell>
    );
  if (view.state === "completed")
    return (
      <PayShell {...shell}>
        <CompletedPanel view={view} token={token} />
      </PayShell>
    );
  if (view.state === "not-payable")
    return (
      <PayShell {...shell}>
        <NotPayablePanel view={view} />
      </PayShell>
    );

  const config = getConfig();
  const t = await getTranslations("page");
  const deposit = view.paymentType === "multicall" ? null : await pageDeposit(token);
  return (
    <PayShell {...shell} wide>
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-[minmax(0,1fr)_16rem] [&>*]:min-w-0">
        <PayCard labelledBy="pay-title">
          <h1 id="pay-title" className="sr-only">
            {t("securePayment")}
          </h1>
          {view.paymentType === "multicall" ? <MulticallSummary view={view} /> : <PaymentSummary view={view} />}
          <div className="mt-6">
            <PayWays deposit={deposit} token={token} hasWalletConnect={Boolean(config.WALLETCONNECT_PROJECT_ID)}>
              <CheckoutIsland
                {...checkoutProps(view)}
                wallet={{
                  walletConnectProjectId: config.WALLETCONNECT_PROJECT_ID,
                  appName: view.merchantName ?? "Stablelink",
                  appUrl: config.APP_URL,
                }}
              />
            </PayWays>
          </div>
        </PayCard>
        <aside
          aria-labelledby="pay-qr-heading"
          className="hidden rounded-2xl md:block bg-[var(--pay-card)] p-4 shadow-sm ring-1 ring-black/5"
        >
          <h2 id="pay-qr-heading" className="mb-3 text-center text-sm font-semibold">
            {t("otherDevice")}
          </h2>
          <LinkQr link={view.link} />
        </aside>
      </div>
    </PayShell>
  );
}
