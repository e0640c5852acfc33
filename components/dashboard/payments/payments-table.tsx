// The found payments, newest first, each linking to its request and its transaction.
import Link from "next/link";
import { formatTime } from "@/components/ui/format-time";
import { Table, Td, Th } from "@/components/ui/table";
import type { FoundPaymentJson } from "@/lib/payments/search-response";
import { short, TxLink } from "./explorer-link";

export function PaymentsTable({ payments }: { payments: FoundPaymentJson[] }) {
  return (
    <Table label="Payments">
      <thead>
        <tr>
          <Th>Time</Th>
          <Th>Amount</Th>
          <Th>Type</Th>
          <Th>Network</Th>
          <Th>Transaction</Th>
          <Th>Request</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {payments.map((p) => (
          <tr key={p.id} data-testid="payment-row">
            <Td className="whitespace-nowrap">{formatTime(p.timestamp, "—", "second")}</Td>
            <Td className="whitespace-nowrap">
              <span className="font-medium">{p.amount}</span> {p.paymentCurrency}
              {p.currency !== p.paymentCurrency && <span className="block text-xs text-slate-500">invoice in {p.currency}</span>}
            </Td>
            <Td>{p.type}</Td>
            <Td>{p.sourceNetwork}</Td>
            <Td>{p.sourceTxHash ? <TxLink network={p.sourceNetwork} txHash={p.sourceTxHash} /> : "—"}</Td>
            <Td>
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
