// A request as its status answer describes it: what it asks for, how far it is paid, and each
// payment with its transaction on the network's explorer.
import Link from "next/link";
import { formatTime } from "@/components/ui/format-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, Td, Th } from "@/components/ui/table";
import { getCurrency } from "@/lib/chains/currencies";
import { explorerAddressUrl } from "@/lib/chains/explorer";
import { sandboxExplorer } from "@/lib/chains/sandbox-explorer";
import { formatMoney } from "@/lib/pay-page/browser";
import type { RequestStatusResponse } from "@/lib/requests/schemas";
import { TxLink } from "./explorer-link";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** "3.00 USDC" for the currency id USDC-base: the symbol a reader knows, formatted as the payment page does. */
function money(amount: string, currencyId: string | null): string {
  return currencyId ? formatMoney(amount, getCurrency(currencyId)?.symbol ?? currencyId) : amount;
}

export function RequestDetails({ status: s }: { status: RequestStatusResponse }) {
  const payee = explorerAddressUrl(s.network, s.payee, sandboxExplorer());
  return (
    <>
      <section aria-label="Request" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="Status">
            <span data-testid="request-status">
              <StatusBadge status={s.status} />
            </span>
          </Field>
          <Field label="Amount">{money(s.amount, s.invoiceCurrency)}</Field>
          <Field label="Paid">
            <span data-testid="request-paid">{money(s.amountPaid, s.invoiceCurrency)}</span>
          </Field>
          {s.excessAmount !== "0" && (
            <Field label="Overpaid by">
              <span data-testid="request-excess">{money(s.excessAmount, s.invoiceCurrency)}</span>
            </Field>
          )}
          {s.refundedAmount !== "0" && (
            <Field label="Refunded">
              <span data-testid="request-refunded">{money(s.refundedAmount, s.paymentCurrency)}</span>
            </Field>
          )}
          <Field label="Paid in">{s.paymentCurrency}</Field>
          <Field label="Network">{s.network}</Field>
          <Field label="Payee">
            {payee ? (
              <a
                className="font-mono text-xs text-blue-700 underline"
                href={payee}
                target="_blank"
                rel="noopener noreferrer"
              >
                {s.payee}
              </a>
            ) : (
              <span className="font-mono text-xs">{s.payee}</span>
            )}
          </Field>
          <Field label="Payment reference">
            <span className="font-mono text-xs">{s.paymentReference}</span>
          </Field>
          <Field label="Merchant reference">{s.reference ?? "—"}</Field>
          <Field label="Created">{formatTime(s.createdAt)}</Field>
          {s.recurrence && (
            <Field label="Recurrence">
              {s.recurrence.frequency} from {s.recurrence.startDate}
              {s.isRecurrenceStopped ? " (stopped)" : ""}
            </Field>
          )}
          {s.originalRequestId && (
            <Field label="Occurrence of">
              <Link
                className="font-mono text-xs text-blue-700 underline"
                href={`/dashboard/payments/requests/${s.originalRequestId}`}
              >
                {s.originalRequestId}
              </Link>
            </Field>
          )}
        </dl>
      </section>
      <h2 className="mb-3 text-lg font-semibold">Payments</h2>
      {s.payments.length === 0 ? (
        <p className="text-sm text-slate-600">No payment detected yet.</p>
      ) : (
        <Table label="Payments of this request">
          <thead>
            <tr>
              <Th>Time</Th>
              <Th>Amount</Th>
              <Th>Fee</Th>
              <Th>Type</Th>
              <Th>Payer</Th>
              <Th>Transaction</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {s.payments.map((p) => (
              <tr key={`${p.txHash}-${p.blockNumber}-${p.amount}`} data-testid="request-payment-row">
                <Td className="whitespace-nowrap">{formatTime(p.timestamp, "—", "second")}</Td>
                <Td className="whitespace-nowrap">{money(p.amount, p.currency)}</Td>
                <Td className="whitespace-nowrap">{p.feeAmount === "0" ? "—" : money(p.feeAmount, p.currency)}</Td>
                <Td>{p.type}</Td>
                <Td>
                  <span className="font-mono text-xs">{p.payerAddress ?? "—"}</span>
                </Td>
                <Td>
                  <TxLink network={p.network} txHash={p.txHash} />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <p className="mt-6 text-sm">
        <Link className="text-blue-700 underline" href={`/dashboard/payments?requestId=${s.requestId}`}>
          This request in the payments list
        </Link>
      </p>
    </>
  );
}
