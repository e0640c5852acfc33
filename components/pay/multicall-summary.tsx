// A multicall payout on the page: every payout with its state (and why one cannot be paid),
// then the totals of what paying now sends. Server component.

import { useTranslations } from "next-intl";
import { LocalTime, useMoney } from "@/components/i18n/use-money";
import type { PayableView } from "@/lib/pay-page/browser";

export function MulticallSummary({ view }: { view: PayableView }) {
  const t = useTranslations("multicall");
  const ts = useTranslations("summary");
  const formatMoney = useMoney();
  const children = view.children ?? [];
  const totals = view.totals;
  const payable = children.filter((c) => c.executable).length;
  return (
    <div>
      <p className="text-sm text-[var(--pay-muted)]">{t("count", { payable, total: children.length })}</p>
      <p
        id="pay-amount"
        className="mt-1 text-4xl font-bold tracking-tight break-words sm:text-5xl"
        data-testid="pay-total"
      >
        {view.totalLabel}
      </p>
      <p className="mt-1 text-sm text-[var(--pay-muted)]">{ts("onNetwork", { network: view.network.name })}</p>
      <div className="mt-5 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="text-xs text-[var(--pay-muted)]">
            <tr className="border-b border-black/10">
              <th scope="col" className="py-2 pr-2 font-medium">
                #
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                {t("recipient")}
              </th>
              <th scope="col" className="py-2 pr-2 text-right font-medium">
                {ts("amount")}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t("state")}
              </th>
            </tr>
          </thead>
          <tbody>
            {children.map((c) => (
              <tr
                key={c.token}
                className="border-b border-black/5 align-top"
                data-testid="multicall-child"
                data-executable={c.executable}
              >
                <td className="py-2 pr-2 tabular-nums">{c.position + 1}</td>
                <td className="py-2 pr-2">
                  <span className="font-mono text-xs break-all">{c.payee ?? "—"}</span>
                  {c.reference && <span className="block text-xs text-[var(--pay-muted)]">{c.reference}</span>}
                </td>
                <td className="py-2 pr-2 text-right whitespace-nowrap tabular-nums">
                  {c.amount && c.symbol ? formatMoney(c.amount, c.symbol) : "—"}
                </td>
                <td className="py-2">
                  {c.executable ? (
                    <span className="font-medium text-emerald-700">{t("ready")}</span>
                  ) : (
                    <span className="text-amber-800">{c.blocked}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {totals && (
        <dl className="mt-4 space-y-1 text-sm">
          {totals.byCurrency.map((line, i) => (
            <div key={i} className="flex justify-between gap-4">
              <dt className="text-[var(--pay-muted)]">{i === 0 ? t("payouts") : ""}</dt>
              <dd className="font-medium">{line}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4">
            <dt className="text-[var(--pay-muted)]">{ts("fees")}</dt>
            <dd className="font-medium">{totals.fees}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-[var(--pay-muted)]">{ts("total")}</dt>
            <dd className="font-semibold">{totals.payerTotal}</dd>
          </div>
          {totals.blockedChildCount > 0 && (
            <p className="pt-1 text-amber-800">{t("leftOut", { count: totals.blockedChildCount })}</p>
          )}
          <div className="flex justify-between gap-4">
            <dt className="text-[var(--pay-muted)]">{ts("expires")}</dt>
            <dd>
              <LocalTime value={view.expiresAt} />
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}
