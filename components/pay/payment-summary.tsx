// What is being paid, rendered on the server: the amount first (the largest paint of the page),
// then payee, network, token, fees, total and expiry.
import { Time } from "@/components/ui/time";
import type { PayableView } from "@/lib/pay-page/browser";
import { formatMoney } from "@/lib/pay-page/browser";

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
  const money = (v: string) => formatMoney(v, currency.symbol);
  const single = view.payees.length === 1;
  return (
    <div>
      <p className="text-sm text-[var(--pay-muted)]">{single ? "Amount to pay" : `${view.payees.length} payments`}</p>
      <p
        id="pay-amount"
        className="mt-1 text-4xl font-bold tracking-tight break-words sm:text-5xl"
        data-testid="pay-total"
      >
        {money(view.total)}
      </p>
      <p className="mt-1 text-sm text-[var(--pay-muted)]">
        on {network.name}
        {network.testnet ? " (test network)" : ""}
      </p>
      <dl className="mt-5 divide-y divide-black/10 border-y border-black/10">
        {view.payees.map((p, i) => (
          <Row key={i} term={single ? "Pay to" : `Payee ${i + 1}`}>
            {p.address ? (
              <span className="font-mono text-xs break-all">{p.address}</span>
            ) : (
              <span>Hidden by the payee</span>
            )}
            {!single && <span className="block">{money(p.amount)}</span>}
          </Row>
        ))}
        <Row term="Network">{network.name}</Row>
        <Row term="Token">
          {currency.symbol}
          {currency.address && (
            <span className="block font-mono text-xs font-normal break-all text-[var(--pay-muted)]">
              {currency.address}
            </span>
          )}
        </Row>
        {view.alreadyPaid && <Row term="Already paid">{money(view.alreadyPaid)}</Row>}
        {(view.fees.length > 0 || view.alreadyPaid) && (
          <Row term={view.alreadyPaid ? "Still due" : "Amount"}>{money(view.amount)}</Row>
        )}
        {view.fees.map((f, i) => (
          <Row key={i} term={f.label}>
            {money(f.amount)}
          </Row>
        ))}
        {view.fees.length === 0 && <Row term="Fees">None</Row>}
        <Row term="Total">{money(view.total)}</Row>
        {view.reference && <Row term="Reference">{view.reference}</Row>}
        <Row term="Link expires">
          <Time value={view.expiresAt} />
        </Row>
      </dl>
      {view.restricted && (
        <p className="mt-3 text-sm text-[var(--pay-muted)]">Only the wallets the payee named can pay this link.</p>
      )}
    </div>
  );
}
