// The audit log's entries, newest first: when, what, who, on what, what changed and from where.
import { ListTable, Td } from "@/components/ui/table";
import { Time } from "@/components/ui/time";
import type { AuditLogRow } from "@/lib/dashboard";

export function AuditLogTable({ rows }: { rows: AuditLogRow[] }) {
  return (
    <ListTable
      label="Audit log"
      columns={["Time", "Action", "Actor", "Target", "Changes", "From"]}
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ "data-action": r.action })}
    >
      {(r) => (
        <>
          <Td className="whitespace-nowrap">
            <Time value={r.at} />
          </Td>
          <Td>
            <code className="text-xs">{r.action}</code>
          </Td>
          <Td className="break-all">{r.actor}</Td>
          <Td className="break-all font-mono text-xs">{r.target}</Td>
          {/* anywhere: a changed URL or id is one long word, and break-words would not let the column narrower than it (a sideways-scrolling table at 1366 px) */}
          <Td className="text-xs [overflow-wrap:anywhere]">{r.changes || "—"}</Td>
          <Td className="break-all text-xs text-slate-600">{r.source || "—"}</Td>
        </>
      )}
    </ListTable>
  );
}
