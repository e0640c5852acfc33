// A client ID's orchestrator link: who may create secure payments for it, linked directly by
// naming the orchestrator, and unlinked with a confirmation.
"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormError, TextField } from "@/components/ui/form-fields";
import { formatTime } from "@/components/ui/format-time";
import type { LinkView } from "@/lib/orchestrators/schemas";
import { ApiRequestError, apiRequest, errorMessage } from "./api-client";

export function OrchestratorLinkPanel({
  clientIdId,
  link,
  canLink,
  onChanged,
}: {
  clientIdId: string;
  link: LinkView | null;
  canLink: boolean;
  onChanged: () => void;
}) {
  const [orchestratorId, setOrchestratorId] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const [confirming, setConfirming] = useState(false);
  const path = `/v2/client-ids/${encodeURIComponent(clientIdId)}/orchestrator-link`;

  async function linkDirect(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apiRequest("POST", path, { orchestratorId: orchestratorId.trim() });
      setOrchestratorId("");
      onChanged();
    } catch (err) {
      setError(err instanceof Error ? err : new Error(errorMessage(err)));
    } finally {
      setBusy(false);
    }
  }

  async function unlink() {
    setBusy(true);
    setError(null);
    try {
      await apiRequest("DELETE", path);
      setConfirming(false);
      onChanged();
    } catch (err) {
      setError(err instanceof Error ? err : new Error(errorMessage(err)));
    } finally {
      setBusy(false);
    }
  }

  const fieldError = error instanceof ApiRequestError ? error.fieldError("orchestratorId") : undefined;
  return (
    <section aria-labelledby="link-title" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="link-title" className="font-semibold">
        Orchestrator link
      </h2>
      {link ? (
        <div className="mt-2 text-sm">
          <p>
            Linked to <strong>{link.orchestratorName}</strong> (
            {link.method === "hosted" ? "hosted onboarding" : "direct link"}) since {formatTime(link.linkedAt)}. It may
            create secure payments for this client ID.
          </p>
          <p className="mt-1 font-mono text-xs text-slate-600 break-all">
            orchestratorId {link.orchestratorId} · linkId {link.linkId}
          </p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => (setError(null), setConfirming(true))}>
            Unlink
          </Button>
          <ConfirmDialog
            open={confirming}
            title={`Unlink ${link.orchestratorName}?`}
            confirmLabel="Unlink"
            busyLabel="Unlinking…"
            danger
            busy={busy}
            error={confirming ? (error ? errorMessage(error) : null) : null}
            onConfirm={unlink}
            onCancel={() => setConfirming(false)}
          >
            <p>
              The orchestrator can no longer create secure payments for this client ID. Payments it already created are
              not affected.
            </p>
          </ConfirmDialog>
        </div>
      ) : canLink ? (
        <form onSubmit={linkDirect} noValidate className="mt-2 space-y-3">
          <p className="text-sm text-slate-600">
            Not linked. To let an orchestrator act for this client ID, enter the orchestrator id it gave you, or approve
            the onboarding link it sent you.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <TextField
                label="Orchestrator id"
                value={orchestratorId}
                onChange={(e) => setOrchestratorId(e.target.value)}
                required
                spellCheck={false}
                error={fieldError}
              />
            </div>
            <Button type="submit" busy={busy} busyLabel="Linking…" className="sm:mt-6">
              Link
            </Button>
          </div>
          <FormError message={error && !fieldError ? errorMessage(error) : null} />
        </form>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Only an active client ID can be linked to an orchestrator.</p>
      )}
    </section>
  );
}
