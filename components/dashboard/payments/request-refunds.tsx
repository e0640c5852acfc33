// A request's refunds on its dashboard page: those detection recorded, what can still be
// refunded, and the form that starts a refund with the merchant's wallet (refund-form.tsx).
import { formatTime } from "@/components/ui/format-time";
import { Table, Td, Th } from "@/components/ui/table";
import type { RefundListView } from "@/lib/payments/schemas";
import { TxLink } from "./explorer-link";
import { RefundForm } from "./refund-form";

export function RequestRefunds({
  requestId,
  list,
  chainId,
  evm,
}: {
  requestId: string;
  list: RefundListView;
  chainId: number;
  evm: boolean;
}) {
  return (
    <section aria-label="Refunds" className="mt-6">
      <h2 className="mb-3 text-lg font-semibold">Refunds</h2>
      {list.refunds.length === 0 ? (
        <p className="text-sm text-slate-600">No refund detected.</p>
      ) : (
        <Table label="Refunds of this request">
          <thead>
            <tr>
              <Th>Time</Th>
              <Th>Amount</Th>
              <Th>To</Th>
              <Th>Transaction</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.refunds.map((r) => (
              <tr key={`${r.txHash}-${r.amount}`} data-testid="request-refund-row">
                <Td className="whitespace-nowrap">{formatTime(r.timestamp, "—", "second")}</Td>
                <Td className="whitespace-nowrap">
                  {r.amount} {r.currency}
                </Td>
                <Td>
                  <span className="font-mono text-xs">{r.refundAddress}</span>
                </Td>
                <Td>
                  <TxLink network={r.network} txHash={r.txHash} />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <p className="mt-3 text-sm text-slate-700" data-testid="request-refundable">
        Paid {list.paidAmount} {list.currency}, refunded {list.refundedAmount}: {list.refundableAmount} can still be
        refunded.
      </p>
      {list.refundableAmount !== "0" && (
        <RefundForm
          requestId={requestId}
          refundable={list.refundableAmount}
          currency={list.currency}
          chainId={chainId}
          evm={evm}
        />
      )}
    </section>
  );
}
