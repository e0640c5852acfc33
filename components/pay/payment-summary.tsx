// What is being paid, rendered on the server: the amount first (the largest paint of the page),
// then payee, network, token, fees, total and expiry.
import { useTranslations } from "next-intl";
import { LocalTime, useMoney } from "@/components/i18n/use-money";
import type { PayableView } from "@/lib/pay-page/browser";

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="text-sm text-[var(--pay-muted)]">{term}</dt>
      <dd className="min-w-0 text-sm font-medium sm:text-right">{children}</dd>
    </div>
  );
}

export function PaymentSummary({ view }: { view: PayableView }) {
  const { currency, network } = view;
  const t = useTranslations("summary");
  const formatMoney = useMoney();
  const money = (v: string) => formatMoney(v, currency.symbol);
  const single = view.payees.length === 1;
  return (
    <div>
      <p className="text-sm text-[var(--pay-muted)]">
        {single ? t("amountToPay") : t("payments", { count: view.payees.length })}
      </p>
      <p
        id="pay-amount"
        className="mt-1 text-4xl font-bold tracking-tight break-words sm:text-5xl"
        data-testid="pay-total"
      >
        {money(view.total)}
      </p>
      <p className="mt-1 text-sm text-[var(--pay-muted)]">
        {network.testnet ? t("onTestNetwork", { network: network.name }) : t("onNetwork", { network: network.name })}
      </p>
      <dl className="mt-5 divide-y divide-black/10 border-y border-black/10">
        {view.payees.map((p, i) => (
          <Row key={i} term={single ? t("payTo") : t("payee", { number: i + 1 })}>
            {p.address ? <span className="font-mono text-xs break-all">{p.address}</span> : <span>{t("hidden")}</span>}
            {!single && <span className="block">{money(p.amount)}</span>}
          </Row>
        ))}
        <Row term={t("network")}>{network.name}</Row>
        <Row term={t("token")}>
          {currency.symbol}
          {currency.address && (
            <span className="block font-mono text-xs font-normal break-all text-[var(--pay-muted)]">
              {currency.address}
            </span>
          )}
        </Row>
        {view.alreadyPaid && <Row term={t("alreadyPaid")}>{money(view.alreadyPaid)}</Row>}
        {(view.fees.length > 0 || view.alreadyPaid) && (
          <Row term={view.alreadyPaid ? t("stillDue") : t("amount")}>{money(view.amount)}</Row>
        )}
        {view.fees.map((f, i) => (
          <Row key={i} term={f.label}>
            {money(f.amount)}
          </Row>
        ))}
        {view.fees.length === 0 && <Row term={t("fees")}>{t("none")}</Row>}
        <Row term={t("total")}>{money(view.total)}</Row>
        {view.reference && <Row term={t("reference")}>{view.reference}</Row>}
        <Row term={t("expires")}>
          <LocalTime value={view.expiresAt} />
        </Row>
      </dl>
      {view.restricted && <p className="mt-3 text-sm text-[var(--pay-muted)]">{t("restricted")}</p>}
    </div>
  );
}
