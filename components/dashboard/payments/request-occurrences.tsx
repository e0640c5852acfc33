// The occurrences a recurring invoice issued (lib/requests/recurring-invoices.ts), latest
// first, and when the next one falls due by the chain's clock.
import Link from "next/link";
import { formatTime } from "@/components/ui/format-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, Td, Th } from "@/components/ui/table";
import type { OccurrenceRow } from "@/lib/requests";

export function RequestOccurrences({
  occurrences,
  nextOccurrenceAt,
  stopped,
}: {
  occurrences: OccurrenceRow[];
  nextOccurrenceAt: Date | null;
  stopped: boolean;
}) {
  return (
    <section aria-label="Occurrences" className="mb-6">
      <h2 className="mb-3 text-lg font-semibold">Occurrences</h2>
      <p className="mb-3 text-sm text-slate-600" data-testid="next-occurrence">
        {stopped
          ? "Recurrence stopped: no further occurrence is issued until it is resumed."
          : nextOccurrenceAt
            ? `Next occurrence due ${formatTime(nextOccurrenceAt)} (chain time).`
            : "No further occurrence."}
      </p>
      {occurrences.length === 0 ? (
        <p className="text-sm text-slate-600">None issued yet.</p>
      ) : (
        <Table label="Occurrences of this request">
          <thead>
            <tr>
              <Th>#</Th>
              <Th>Issued</Th>
              <Th>Status</Th>
              <Th>Request</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {occurrences.map((o) => (
              <tr key={o.requestId} data-testid="occurrence-row">
                <Td>{o.occurrenceIndex}</Td>
                <Td className="whitespace-nowrap">{formatTime(o.createdAt)}</Td>
                <Td>
                  <StatusBadge status={o.status} />
                </Td>
                <Td>
                  <Link
                    className="font-mono text-xs text-blue-700 underline"
                    href={`/dashboard/payments/requests/${o.requestId}`}
                  >
                    {o.requestId.slice(0, 18)}…
                  </Link>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
