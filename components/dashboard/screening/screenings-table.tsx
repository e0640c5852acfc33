// The platform's wallet screening results (accessPolicy.mode kyt_all_wallets), newest first:
// which wallet, for which payment link and in which role, what was decided and by whom.
import { formatTime } from "@/components/ui/format-time";
import { EmptyState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { ListTable, Td } from "@/components/ui/table";
import type { ScreeningRow } from "@/lib/kyt";

export function ScreeningsTable({ rows }: { rows: ScreeningRow[] }) {
  if (rows.length === 0) {
    return (
      <EmptyState title="No wallet screened yet">
        Wallets are screened when a payment link is created with <code>accessPolicy.mode</code>{" "}
        <code>kyt_all_wallets</code> and a payer connects.
      </EmptyState>
    );
  }
  return (
    <ListTable
      label="Wallet screening results"
      columns={["Wallet", "Role", "Result", "Provider", "Payment link", "Screened"]}
      rows={rows}
      rowKey={(r) => `${r.token}:${r.role}:${r.wallet}`}
      rowProps={(r) => ({ "data-testid": "screening-row", "data-status": r.status })}
    >
      {(r) => (
        <>
          <Td className="font-mono text-xs break-all">{r.wallet}</Td>
          <Td>{r.role === "payer" ? "Payer" : "Payout recipient"}</Td>
          <Td>
            <StatusBadge status={r.status} />
            <span className="block text-xs text-slate-500">{r.reasonCode}</span>
          </Td>
          <Td className="text-xs">{r.provider}</Td>
          <Td className="font-mono text-xs">
            <a className="underline underline-offset-2" href={`/pay/${r.token}`}>
              {r.token}
            </a>
          </Td>
          <Td className="min-w-24 text-xs">{formatTime(r.evaluatedAt)}</Td>
        </>
      )}
    </ListTable>
  );
}
