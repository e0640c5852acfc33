// One client ID: its values, settings, pause/resume, revoke and orchestrator link.
"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { FormError } from "@/components/ui/form-fields";
import { formatTime } from "@/components/ui/format-time";
import { StatusBadge } from "@/components/ui/status-badge";
import type { ClientIdRecord } from "@/lib/client-ids/schemas";
import type { LinkView } from "@/lib/orchestrators/schemas";
import { apiRequest, errorMessage } from "./api-client";
import { ClientIdForm } from "./client-id-form";
import { OrchestratorLinkPanel } from "./orchestrator-link-panel";
import { RevokeClientIdButton } from "./revoke-client-id";

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="min-w-0 text-sm sm:col-span-2">{children}</dd>
    </div>
  );
}

export function ClientIdDetails({ record, link }: { record: ClientIdRecord; link: LinkView | null }) {
  const router = useRouter();
  const [, startRefresh] = useTransition();
  const [editing, setEditing] = useState(false);
  const [statusBusy, setStatusBusy] = useState(false);
  const [statusError, setStatusError] = useState<string | null>(null);
  const refresh = () => startRefresh(() => router.refresh());
  const revoked = record.status === "revoked";

  async function setStatus(status: "active" | "inactive") {
    setStatusBusy(true);
    setStatusError(null);
    try {
      await apiRequest("PUT", `/v2/client-ids/${encodeURIComponent(record.id)}`, { status });
      refresh();
    } catch (err) {
      setStatusError(errorMessage(err));
    } finally {
      setStatusBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link href="/dashboard/client-ids" className="text-blue-700 underline">
          ← All client IDs
        </Link>
      </p>
      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold break-all">{record.label}</h1>
          <StatusBadge status={record.status} />
        </div>
        <dl className="mt-3 divide-y divide-slate-100">
          <Row term="Client ID (x-client-id)">
            <div className="flex flex-wrap items-center gap-2">
              <code className="font-mono break-all">{record.clientId}</code>
              <CopyButton value={record.clientId} what="client ID" />
            </div>
          </Row>
          <Row term="Id (in API paths)">
            <div className="flex flex-wrap items-center gap-2">
              <code className="font-mono text-xs break-all">{record.id}</code>
              <CopyButton value={record.id} what="internal id" />
            </div>
          </Row>
          <Row term="Allowed origins">
            {record.allowedDomains.length === 0 && <p>none: a backend client ID, for servers (no Origin)</p>}
            <ul>
              {record.allowedDomains.map((d) => (
                <li key={d} className="font-mono text-xs break-all">
                  {d}
                </li>
              ))}
            </ul>
          </Row>
          <Row term="Fee">
            {record.feePercentage
              ? `${record.feePercentage} % to ${record.feeAddress ?? "—"}`
              : "none (the fee of each request applies)"}
          </Row>
          <Row term="Operator wallet">
            <span className="font-mono text-xs break-all">{record.operatorWalletAddress ?? "—"}</span>
          </Row>
          <Row term="Default expiries">
            pre-approval {record.defaultPreApprovalExpiry === null ? "not set" : `${record.defaultPreApprovalExpiry} s`}{" "}
            · authorization{" "}
            {record.defaultAuthorizationExpiry === null ? "not set" : `${record.defaultAuthorizationExpiry} s`}
          </Row>
          <Row term="Created">{formatTime(record.createdAt)}</Row>
          <Row term="Last used">{formatTime(record.lastUsedAt, "never")}</Row>
        </dl>
        {revoked ? (
          <p className="mt-3 text-sm text-slate-600">
            This client ID is revoked: it authenticates nothing and cannot be changed or reactivated.
          </p>
        ) : (
          <div className="mt-4 flex flex-wrap gap-2">
            {!editing && (
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                Edit settings
              </Button>
            )}
            {record.status === "active" ? (
              <Button variant="secondary" size="sm" busy={statusBusy} onClick={() => setStatus("inactive")}>
                Pause
              </Button>
            ) : (
              <Button variant="secondary" size="sm" busy={statusBusy} onClick={() => setStatus("active")}>
                Resume
              </Button>
            )}
            <RevokeClientIdButton id={record.id} label={record.label} clientId={record.clientId} onRevoked={refresh} />
          </div>
        )}
        <div className="mt-3">
          <FormError message={statusError} />
        </div>
      </section>

      {editing && !revoked && (
        <section aria-labelledby="edit-title" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="edit-title" className="mb-3 font-semibold">
            Settings
          </h2>
          <ClientIdForm
            mode="update"
            initial={record}
            action={`/v2/client-ids/${encodeURIComponent(record.id)}`}
            submitLabel="Save settings"
            onCancel={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              refresh();
            }}
          />
        </section>
      )}

      <OrchestratorLinkPanel
        clientIdId={record.id}
        link={link}
        canLink={record.status === "active"}
        onChanged={refresh}
      />
    </div>
  );
}
