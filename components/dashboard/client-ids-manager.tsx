// The platform's client IDs: list with copy buttons, create, revoke.
"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { formatTime } from "@/components/ui/format-time";
import { EmptyState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { ListTable, Td } from "@/components/ui/table";
import type { ClientIdListItem, ClientIdRecord } from "@/lib/client-ids/schemas";
import { ClientIdForm } from "./client-id-form";
import { RevokeClientIdButton } from "./revoke-client-id";

export function ClientIdsManager({ clientIds }: { clientIds: ClientIdListItem[] }) {
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ClientIdRecord | null>(null);
  const refresh = () => startRefresh(() => router.refresh());

  return (
    <div className="space-y-6">
      {created && (
        <section
          role="status"
          className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-900"
        >
          <p className="font-semibold">Client ID “{created.label}” created</p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code className="min-w-0 flex-1 rounded border border-emerald-200 bg-white px-3 py-2 font-mono break-all">
              {created.clientId}
            </code>
            <CopyButton value={created.clientId} what="the new client ID" />
          </div>
          <p className="mt-2">
            Send it as the x-client-id header from the origins you listed. It is not secret and stays visible here.
          </p>
        </section>
      )}

      {creating ? (
        <section
          aria-labelledby="create-client-id-title"
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 id="create-client-id-title" className="mb-3 font-semibold">
            New client ID
          </h2>
          <ClientIdForm
            mode="create"
            action="/v2/client-ids"
            submitLabel="Create client ID"
            onCancel={() => setCreating(false)}
            onSaved={(record) => {
              setCreated(record);
              setCreating(false);
              refresh();
            }}
          />
        </section>
      ) : (
        <Button onClick={() => (setCreated(null), setCreating(true))}>New client ID</Button>
      )}

      {clientIds.length === 0 ? (
        <EmptyState title="No client IDs yet">
          A client ID lets your web pages call the API from the browser, from the origins you allow.
        </EmptyState>
      ) : (
        <div aria-busy={refreshing || undefined}>
          <ListTable
            label="Client IDs"
            columns={["Label", "Client ID", "Allowed origins", "Status", "Last used"]}
            actions
            rows={clientIds}
            rowKey={(c) => c.id}
            rowProps={() => ({ "data-testid": "client-id-row" })}
          >
            {(c) => (
              <>
                <Td className="min-w-32 font-medium">
                  <Link className="text-blue-700 underline" href={`/dashboard/client-ids/${c.id}`}>
                    {c.label}
                  </Link>
                </Td>
                <Td>
                  {/* The id wraps rather than pushing Revoke out of the table at 1366 px, or the Copy button out of
                      its card on a phone. */}
                  <div className="flex flex-wrap items-center justify-end gap-2 md:justify-start">
                    <code className="min-w-0 font-mono text-xs break-all">{c.clientId}</code>
                    <CopyButton value={c.clientId} what={`client ID ${c.label}`} />
                  </div>
                </Td>
                <Td className="max-w-56 text-xs">
                  <span className="line-clamp-2 break-all" title={c.allowedDomains.join(", ")}>
                    {c.allowedDomains.join(", ")}
                  </span>
                </Td>
                <Td>
                  <StatusBadge status={c.status} />
                </Td>
                <Td className="whitespace-nowrap">{formatTime(c.lastUsedAt, "never")}</Td>
                <Td className="text-right">
                  {c.status !== "revoked" && (
                    <RevokeClientIdButton id={c.id} label={c.label} clientId={c.clientId} onRevoked={refresh} />
                  )}
                </Td>
              </>
            )}
          </ListTable>
        </div>
      )}
    </div>
  );
}
