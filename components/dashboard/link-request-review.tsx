// Hosted onboarding: an orchestrator asks to act for one of the platform's client IDs; the
// platform picks which one and approves, or rejects the request.
"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormError } from "@/components/ui/form-fields";
import { formatTime } from "@/components/ui/format-time";
import { EmptyState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import type { LinkView } from "@/lib/orchestrators/schemas";
import { apiRequest, errorMessage } from "./api-client";

export interface SelectableClientId {
  id: string;
  clientId: string;
  label: string;
}

const OUTCOME: Record<string, string> = {
  active: "You approved this request: the orchestrator is linked.",
  unlinked: "You approved this request; the link has since ended.",
  rejected: "This request was rejected.",
  cancelled: "The orchestrator withdrew this request.",
  expired: "This request expired. Ask the orchestrator for a new link.",
};

export function LinkRequestReview({
  request,
  clientIds,
  onboardingKey,
}: {
  request: LinkView;
  clientIds: SelectableClientId[];
  onboardingKey: string;
}) {
  const router = useRouter();
  const [, startRefresh] = useTransition();
  const [choice, setChoice] = useState(clientIds[0]?.id ?? "");
  const [busy, setBusy] = useState<"approve" | "reject" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmReject, setConfirmReject] = useState(false);
  const base = `/v1/orchestrator-links/${encodeURIComponent(request.intentId)}`;

  async function decide(kind: "approve" | "reject") {
    setBusy(kind);
    setError(null);
    try {
      await apiRequest(
        "POST",
        `${base}/${kind}`,
        kind === "approve" ? { clientId: choice, key: onboardingKey } : { key: onboardingKey },
      );
      setConfirmReject(false);
      startRefresh(() => router.refresh());
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  const details: [string, string | null][] = [
    ["Their reference", request.externalId],
    ["Destination", request.destinationId],
    ["Destination wallet", request.destinationWalletAddress],
    ["Chain", request.chain],
    ["Currency", request.currency],
  ];
  return (
    <div className="space-y-6">
      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold">{request.orchestratorName} asks to link</h1>
          <StatusBadge status={request.status} />
        </div>
        <p className="mt-2 text-sm text-slate-700">
          Once linked, {request.orchestratorName} can create secure payments on behalf of the client ID you choose. You
          can unlink it at any time.
        </p>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {details
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <div key={k}>
                <dt className="inline text-slate-600">{k}: </dt>
                <dd className="inline font-mono text-xs break-all">{v}</dd>
              </div>
            ))}
          <div>
            <dt className="inline text-slate-600">Requested: </dt>
            <dd className="inline">{formatTime(request.createdAt)}</dd>
          </div>
          {request.status === "pending" && (
            <div>
              <dt className="inline text-slate-600">Expires: </dt>
              <dd className="inline">{formatTime(request.expiresAt)}</dd>
            </div>
          )}
        </dl>
      </section>

      {request.status !== "pending" ? (
        <p role="status" className="rounded-md border border-slate-200 bg-white p-4 text-sm">
          {OUTCOME[request.status] ?? `Status: ${request.status}.`}{" "}
          <Link className="text-blue-700 underline" href="/dashboard/links">
            All links
          </Link>
        </p>
      ) : clientIds.length === 0 ? (
        <EmptyState
          title="You have no active client ID to link"
          action={
            <Link className="text-blue-700 underline" href="/dashboard/client-ids">
              Create a client ID
            </Link>
          }
        >
          Create one, then come back to this page to approve the request.
        </EmptyState>
      ) : (
        <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <fieldset>
            <legend className="font-semibold">Client ID to link</legend>
            <div className="mt-2 space-y-2">
              {clientIds.map((c) => (
                <label
                  key={c.id}
                  className="flex items-start gap-2 rounded-md border border-slate-200 p-2 text-sm has-[:checked]:border-blue-500 has-[:checked]:bg-blue-50"
                >
                  <input
                    type="radio"
                    name="clientId"
                    value={c.id}
                    checked={choice === c.id}
                    onChange={() => setChoice(c.id)}
                    className="mt-1"
                  />
                  <span>
                    <span className="font-medium">{c.label}</span>
                    <span className="block font-mono text-xs break-all text-slate-600">{c.clientId}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-3">
            <FormError message={confirmReject ? null : error} />
          </div>
          <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              onClick={() => (setError(null), setConfirmReject(true))}
              disabled={busy !== null}
            >
              Reject
            </Button>
            <Button
              onClick={() => decide("approve")}
              busy={busy === "approve"}
              busyLabel="Approving…"
              disabled={!choice}
            >
              Approve and link
            </Button>
          </div>
          <ConfirmDialog
            open={confirmReject}
            title="Reject this request?"
            confirmLabel="Reject request"
            busyLabel="Rejecting…"
            danger
            busy={busy === "reject"}
            error={confirmReject ? error : null}
            onConfirm={() => decide("reject")}
            onCancel={() => setConfirmReject(false)}
          >
            <p>
              The request is declined ({request.orchestratorName} sees it as rejected) and cannot be approved
              afterwards.
            </p>
          </ConfirmDialog>
        </section>
      )}
    </div>
  );
}
