// The found payments (newest first, or as the columns sort them), with their payer, each linking to its request and its transaction.
import Link from "next/link";
import { formatTime } from "@/components/ui/format-time";
import { Table, Td, Th } from "@/components/ui/table";
import type { PaymentRow } from "@/lib/dashboard";
import { formatMoney, usdValue } from "@/lib/pay-page/browser";
import type { PaymentOrder } from "@/lib/payments";
import { TxLink } from "./explorer-link";
import { short } from "./short";

/** The list's order and the address of each order, when the columns sort. */
interface Sorting {
  order: PaymentOrder;
  href: (order: PaymentOrder) => string;
}

/** A column title that sorts: a link to the other direction (or to `first` when another column sorts). */
function SortTh({
  label,
  sorting,
  first,
  second,
}: {
  label: string;
  sorting: Sorting;
  first: PaymentOrder;
  second: PaymentOrder;
}) {
  const active = sorting.order === first || sorting.order === second;
  const next = sorting.order === first ? second : first;
  const ascending = sorting.order === "oldest" || sorting.order === "amount_asc";
  return (
    <Th aria-sort={active ? (ascending ? "ascending" : "descending") : undefined}>
      <Link
        className="underline decoration-dotted hover:text-slate-900"
        href={sorting.href(next)}
        data-testid={`sort-${label.toLowerCase()}`}
      >
        {label}
        {active && <span aria-hidden="true">{ascending ? " ▲" : " ▼"}</span>}
      </Link>
    </Th>
  );
}

export function PaymentsTable({ payments, sorting }: { payments: PaymentRow[]; sorting?: Sorting }) {
  return (
    <Table label="Payments">
      <thead>
        <tr>
          {sorting ? <SortTh label="Time" sorting={sorting} first="newest" second="oldest" /> : <Th>Time</Th>}
          {sorting ? (
            <SortTh label="Amount" sorting={sorting} first="amount_desc" second="amount_asc" />
          ) : (
            <Th>Amount</Th>
          )}
          <Th>USD value</Th>
          <Th>Payer</Th>
          <Th>Network</Th>
          <Th>Transaction</Th>
          <Th>Request</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {payments.map((p) => (
          <tr key={p.id} data-testid="payment-row">
            <Td label="Time" className="whitespace-nowrap">
              {formatTime(p.timestamp, "—", "second")}
            </Td>
            <Td label="Amount" className="whitespace-nowrap">
              <span className="font-medium">{formatMoney(p.amount, p.paymentCurrency)}</span>
              {p.currency !== p.paymentCurrency && (
                <span className="block text-xs text-slate-500">invoice in {p.currency}</span>
              )}
            </Td>
            <Td label="USD value" className="whitespace-nowrap" data-testid="payment-usd">
              {usdValue(p.amount, p.paymentCurrency) ?? <span title="No dollar price without an exchange rate">—</span>}
            </Td>
            <Td label="Payer">
              {p.payer ? (
                <span className="font-mono text-xs" title={p.payer}>
                  {short(p.payer)}
                </span>
              ) : (
                "—"
              )}
            </Td>
            {/* The type under the network rather than a column of its own: eight columns fit 1366 px. */}
            <Td label="Network">
              {p.sourceNetwork}
              <span className="block text-xs text-slate-500">{p.type}</span>
            </Td>
            <Td label="Transaction">
              {p.sourceTxHash ? <TxLink network={p.sourceNetwork} txHash={p.sourceTxHash} /> : "—"}
            </Td>
            <Td label="Request">
              <Link className="text-blue-700 underline" href={`/dashboard/payments/requests/${p.request.requestId}`}>
                {p.request.reference ?? <span className="font-mono text-xs">{short(p.request.requestId)}</span>}
              </Link>
              <span className="block text-xs text-slate-500">{p.request.hasBeenPaid ? "paid" : "partially paid"}</span>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
