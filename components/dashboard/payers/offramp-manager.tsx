// Off-ramp payments and their fiat progress. The built-in fiat provider is the operator: each
// step of the bank transfer is reported here, and the platform's webhooks follow.
"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { FormError, SelectField, TextField } from "@/components/ui/form-fields";
import { formatTime } from "@/components/ui/format-time";
import { EmptyState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { ListTable, Td } from "@/components/ui/table";
import type { OfframpRow } from "@/lib/payers";
import { apiRequest, errorMessage } from "../api-client";

function NextStep({ row, onDone }: { row: OfframpRow; onDone: () => void }) {
  const [step, setStep] = useState(row.nextSteps[0] ?? "");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (row.nextSteps.length === 0) return null;
  const setback = step === "bounced" || step === "retry_required";
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apiRequest(
        "POST",
        `/v1/offramp-payments/${row.requestId}/progress`,
        setback && reason ? { subStatus: step, reason } : { subStatus: step },
      );
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-label={`Next fiat step of ${row.requestId}`}>
      <SelectField label="Next step" name="subStatus" value={step} onChange={(e) => setStep(e.target.value)}>
        {row.nextSteps.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      {setback && (
        <TextField
          label="Reason"
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
        />
      )}
      <Button type="submit" size="sm" busy={busy} busyLabel="Saving…">
        Mark step
      </Button>
      <FormError message={error} />
    </form>
  );
}

export function OfframpManager({ rows }: { rows: OfframpRow[] }) {
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  if (rows.length === 0) {
    return (
      <EmptyState title="No off-ramp payments yet">
        A crypto-to-fiat request appears here once its payer is named in GET /v2/request/&#123;id&#125;/pay.
      </EmptyState>
    );
  }
  return (
    <div aria-busy={refreshing || undefined}>
      <ListTable
        label="Off-ramp payments"
        columns={["Request", "Payer", "Bank account", "Fiat progress", "Updated"]}
        actions
        rows={rows}
        rowKey={(r) => r.requestId}
        rowProps={(r) => ({
          "data-testid": "offramp-row",
          "data-request-id": r.requestId,
          "data-sub-status": r.subStatus,
        })}
      >
        {(r) => (
          <>
            <Td className="font-mono text-xs break-all">{r.requestId.slice(0, 12)}…</Td>
            <Td className="font-mono text-xs">{r.clientUserId}</Td>
            <Td className="font-mono text-xs whitespace-nowrap">{r.account}</Td>
            <Td>
              <StatusBadge status={r.subStatus} />
              {r.failureReason && <p className="mt-1 text-xs text-red-800">{r.failureReason}</p>}
            </Td>
            <Td className="whitespace-nowrap">{formatTime(r.updatedAt)}</Td>
            <Td>
              <NextStep row={r} onDone={() => startRefresh(() => router.refresh())} />
            </Td>
          </>
        )}
      </ListTable>
    </div>
  );
}
