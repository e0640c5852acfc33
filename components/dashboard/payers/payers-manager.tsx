// The platform's payers: compliance status, masked bank accounts, the KYC review queue
// (approve, or reject with a reason; the tax number masked until revealed, which the server
// records) and erasure.
"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormError, TextField } from "@/components/ui/form-fields";
import { formatTime } from "@/components/ui/format-time";
import { EmptyState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { ListTable, Td } from "@/components/ui/table";
import type { PayerListRow } from "@/lib/payers";
import type { TaxNumberView } from "@/lib/payers/schemas";
import { apiRequest, errorMessage } from "../api-client";

function ReviewCard({ payer, onDone }: { payer: PayerListRow; onDone: () => void }) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState<"approve" | "reject" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const identity = payer.review!;
  const [ssn, setSsn] = useState<string | null>(null);
  const [revealing, setRevealing] = useState(false);
  async function reveal() {
    setRevealing(true);
    setError(null);
    try {
      setSsn((await apiRequest<TaxNumberView>("POST", `/v1/payers/${payer.userId}/tax-number`)).ssn);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setRevealing(false);
    }
  }
  async function decide(decision: "approve" | "reject") {
    setBusy(decision);
    setError(null);
    try {
      await apiRequest(
        "POST",
        `/v1/payers/${payer.userId}/review`,
        decision === "reject" ? { decision, reason } : { decision },
      );
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }
  const facts: [string, string | undefined][] = [
    ["Name", `${identity.firstName} ${identity.lastName}`],
    ["Company", identity.companyName],
    ["Beneficiary", identity.beneficiaryType],
    ["Date of birth", identity.dateOfBirth],
    [
      "Address",
      [identity.addressLine1, identity.addressLine2, identity.postcode, identity.city, identity.state, identity.country]
        .filter(Boolean)
        .join(", "),
    ],
    ["Nationality", identity.nationality],
    ["Email", identity.email],
    ["Phone", identity.phone],
    ["Source of funds", identity.sourceOfFunds],
  ];
  return (
    <li
      className="rounded-lg border border-blue-200 bg-white p-4 shadow-sm"
      data-testid="review-card"
      data-client-user-id={payer.clientUserId}
    >
      <h3 className="font-semibold">{payer.clientUserId}</h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {facts
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k} className="flex gap-2">
              <dt className="text-slate-500">{k}</dt>
              <dd className="font-medium break-all">{v}</dd>
            </div>
          ))}
        <div className="flex items-center gap-2">
          <dt className="text-slate-500">Tax / social security number</dt>
          <dd className="font-mono font-medium break-all" data-testid="tax-number">
            {ssn ?? identity.ssnMasked ?? "None given"}
          </dd>
          {ssn === null && identity.ssnMasked !== null && (
            <Button
              variant="secondary"
              size="sm"
              onClick={reveal}
              busy={revealing}
              busyLabel="Revealing…"
              aria-label={`Reveal the tax number of ${payer.clientUserId} (recorded)`}
            >
              Reveal
            </Button>
          )}
        </div>
      </dl>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TextField
            label="Reason (to reject)"
            name="reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
          />
        </div>
        <Button
          onClick={() => decide("approve")}
          busy={busy === "approve"}
          busyLabel="Approving…"
          disabled={busy !== null}
        >
          Approve
        </Button>
        <Button
          variant="secondary"
          onClick={() => decide("reject")}
          busy={busy === "reject"}
          busyLabel="Rejecting…"
          disabled={busy !== null || reason.trim() === ""}
        >
          Reject
        </Button>
      </div>
      <FormError message={error} />
    </li>
  );
}

export function PayersManager({ payers }: { payers: PayerListRow[] }) {
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const [erasing, setErasing] = useState<PayerListRow | null>(null);
  const [eraseBusy, setEraseBusy] = useState(false);
  const [eraseError, setEraseError] = useState<string | null>(null);
  const refresh = () => startRefresh(() => router.refresh());
  const queue = payers.filter((p) => p.review);

  async function erase() {
    if (!erasing) return;
    setEraseBusy(true);
    setEraseError(null);
    try {
      await apiRequest("DELETE", `/v1/payers/${erasing.userId}`);
      setErasing(null);
      refresh();
    } catch (err) {
      setEraseError(errorMessage(err));
    } finally {
      setEraseBusy(false);
    }
  }

  return (
    <div className="space-y-6" aria-busy={refreshing || undefined}>
      <section aria-labelledby="review-title">
        <h2 id="review-title" className="mb-2 font-semibold">
          Review queue
        </h2>
        {queue.length === 0 ? (
          <p className="text-sm text-slate-600">No payer is waiting for review.</p>
        ) : (
          <ul className="space-y-3">
            {queue.map((p) => (
              <ReviewCard key={p.userId} payer={p} onDone={refresh} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="payers-title">
        <h2 id="payers-title" className="mb-2 font-semibold">
          Payers
        </h2>
        {payers.length === 0 ? (
          <EmptyState title="No payers yet">
            Create one with POST /v2/payer; it appears here with its compliance status.
          </EmptyState>
        ) : (
          <ListTable
            label="Payers"
            columns={["Client user ID", "Name", "KYC", "Agreement", "Bank accounts", "Created"]}
            actions
            rows={payers}
            rowKey={(p) => p.userId}
            rowProps={(p) => ({ "data-testid": "payer-row", "data-client-user-id": p.clientUserId })}
          >
            {(p) => (
              <>
                <Td className="font-mono text-xs">{p.clientUserId}</Td>
                <Td>{p.initials}</Td>
                <Td>
                  <StatusBadge status={p.kycStatus} />
                  {p.kycRejectionReason && <p className="mt-1 text-xs text-red-800">{p.kycRejectionReason}</p>}
                </Td>
                <Td>
                  <StatusBadge status={p.agreementStatus} />
                </Td>
                <Td>
                  {p.accounts.length === 0
                    ? "—"
                    : p.accounts.map((a) => (
                        <div key={a.id} className="font-mono text-xs whitespace-nowrap" data-testid="masked-account">
                          {a.bankName} {a.masked} ({a.currency.toUpperCase()})
                        </div>
                      ))}
                </Td>
                <Td className="whitespace-nowrap">{formatTime(p.createdAt)}</Td>
                <Td className="text-right">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => (setEraseError(null), setErasing(p))}
                    aria-label={`Erase payer ${p.clientUserId}`}
                  >
                    Erase
                  </Button>
                </Td>
              </>
            )}
          </ListTable>
        )}
      </section>

      <ConfirmDialog
        open={erasing !== null}
        title="Erase this payer?"
        confirmLabel="Erase payer"
        busyLabel="Erasing…"
        danger
        busy={eraseBusy}
        error={eraseError}
        onConfirm={erase}
        onCancel={() => setErasing(null)}
      >
        <p>
          The identity data and bank accounts of <strong>{erasing?.clientUserId}</strong> are deleted for good. Payments
          already made are kept.
        </p>
      </ConfirmDialog>
    </div>
  );
}
