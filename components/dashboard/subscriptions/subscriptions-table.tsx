// The platform's recurring payouts: state, progress, next due date, last failure, the
// instalments paid (with their transactions) and the cancel action. Server component.

import { formatTime } from "@/components/ui/format-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, Td, Th } from "@/components/ui/table";
import { explorerTxUrl } from "@/lib/chains/explorer";
import type { NetworkId } from "@/lib/chains/networks";
import type { SubscriptionRow } from "@/lib/recurring";
import { CancelSubscriptionButton } from "./cancel-subscription-button";

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

export function SubscriptionsTable({ rows }: { rows: SubscriptionRow[] }) {
  return (
    <Table label="Subscriptions">
      <thead>
        <tr>
          <Th>Instalment</Th>
          <Th>Payer → payee</Th>
          <Th>State</Th>
          <Th>Progress</Th>
          <Th>Next due</Th>
          <Th>Payments</Th>
          <Th>Action</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {rows.map((r) => {
          const label = `${r.amount} ${r.symbol} ${r.frequency.toLowerCase()} to ${short(r.payee)}`;
          return (
            <tr key={r.id} data-testid="subscription-row" data-id={r.id} data-status={r.status}>
              <Td>
                <div className="font-medium">
                  {r.amount} {r.symbol}
                </div>
                <div className="text-xs text-slate-600">
                  {r.frequency.toLowerCase()} on {r.network}
                </div>
              </Td>
              <Td>
                <span className="font-mono text-xs" title={`${r.payer} → ${r.payee}`}>
                  {short(r.payer)} → {short(r.payee)}
                </span>
              </Td>
              <Td>
                <StatusBadge status={r.status} />
                {r.failureReason ? <div className="mt-1 text-xs text-red-700">{r.failureReason}</div> : null}
              </Td>
              <Td>
                {r.processedPayments} of {r.totalPayments}
              </Td>
              <Td>{formatTime(r.nextPaymentDate)}</Td>
              <Td>
                {r.payments.length === 0 ? (
                  "—"
                ) : (
                  <ul className="space-y-0.5 text-xs">
                    {r.payments.map((p) => {
                      const href = explorerTxUrl(r.network as NetworkId, p.txHash);
                      return (
                        <li key={p.index}>
                          #{p.index}{" "}
                          {href ? (
                            <a className="font-mono underline" href={href} target="_blank" rel="noreferrer">
                              {short(p.txHash)}
                            </a>
                          ) : (
                            <span className="font-mono">{short(p.txHash)}</span>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </Td>
              <Td>
                {r.status === "cancelled" || r.status === "completed" ? null : (
                  <CancelSubscriptionButton id={r.id} label={label} />
                )}
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
