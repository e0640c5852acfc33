// Create (shown once), list (prefix only) and revoke the platform's API keys.
"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { FormError, TextField } from "@/components/ui/form-fields";
import { formatTime } from "@/components/ui/format-time";
import { EmptyState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { ListTable, Td } from "@/components/ui/table";
import type { ApiKeyView, CreatedApiKeyView } from "@/lib/auth/schemas";
import { ApiRequestError, apiRequest, errorMessage } from "./api-client";

function NewKeyNotice({ created, onDone }: { created: CreatedApiKeyView; onDone: () => void }) {
  return (
    <section aria-labelledby="new-key-title" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
      <h2 id="new-key-title" className="font-semibold text-emerald-900">
        API key “{created.name}” created
      </h2>
      <p className="mt-1 text-sm text-emerald-900">Copy it now and keep it somewhere safe: it is not shown again.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="new-api-key"
          className="min-w-0 flex-1 rounded border border-emerald-200 bg-white px-3 py-2 font-mono text-sm break-all"
        >
          {created.key}
        </code>
        <CopyButton value={created.key} what="the new API key" />
      </div>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onDone}>
        I have stored it
      </Button>
    </section>
  );
}

export interface ScopeChoice {
  scope: string;
  description: string;
}

export function ApiKeysManager({ keys, scopeChoices }: { keys: ApiKeyView[]; scopeChoices: ScopeChoice[] }) {
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>(() => scopeChoices.map((c) => c.scope));
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<ApiRequestError | Error | null>(null);
  const [created, setCreated] = useState<CreatedApiKeyView | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [revokeBusy, setRevokeBusy] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    setCreating(true);
    setCreateError(null);
    try {
      const key = await apiRequest<CreatedApiKeyView>("POST", "/v1/api-keys", { name, scopes });
      setCreated(key);
      setName("");
      setScopes(scopeChoices.map((c) => c.scope));
      startRefresh(() => router.refresh());
    } catch (err) {
      setCreateError(err instanceof Error ? err : new Error(errorMessage(err)));
    } finally {
      setCreating(false);
    }
  }

  async function revoke() {
    if (!revoking) return;
    setRevokeBusy(true);
    setRevokeError(null);
    try {
      await apiRequest("DELETE", `/v1/api-keys/${encodeURIComponent(revoking.id)}`);
      setRevoking(null);
      startRefresh(() => router.refresh());
    } catch (err) {
      setRevokeError(errorMessage(err));
    } finally {
      setRevokeBusy(false);
    }
  }

  const nameError = createError instanceof ApiRequestError ? createError.fieldError("name") : undefined;
  const scopesError = createError instanceof ApiRequestError ? createError.fieldError("scopes") : undefined;
  return (
    <div className="space-y-6">
      {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}

      <form
        onSubmit={create}
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        aria-labelledby="create-key-title"
        noValidate
      >
        <h2 id="create-key-title" className="font-semibold">
          Create an API key
        </h2>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1">
            <TextField
              label="Name"
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              maxLength={100}
              hint="Where the key is used, e.g. “checkout server”"
              error={nameError}
            />
          </div>
          <Button type="submit" busy={creating} busyLabel="Creating…" className="sm:mt-6">
            Create API key
          </Button>
        </div>
        <fieldset className="mt-4" aria-describedby="scopes-hint">
          <legend className="text-sm font-medium text-slate-800">Scopes</legend>
          <p id="scopes-hint" className="text-xs text-slate-600">
            What the key may do. Give a server only what it needs; scopes cannot be changed later.
          </p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {scopeChoices.map((c) => (
              <label
                key={c.scope}
                className="flex cursor-pointer gap-2 rounded-md border border-slate-300 p-2 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50"
              >
                <input
                  type="checkbox"
                  name="scopes"
                  value={c.scope}
                  checked={scopes.includes(c.scope)}
                  onChange={(e) =>
                    setScopes((now) =>
                      scopeChoices
                        .map((x) => x.scope)
                        .filter((s) => (s === c.scope ? e.target.checked : now.includes(s))),
                    )
                  }
                  className="mt-0.5 accent-blue-700"
                />
                <span>
                  <span className="font-mono font-medium">{c.scope}</span>
                  <span className="block text-xs text-slate-600">{c.description}</span>
                </span>
              </label>
            ))}
          </div>
          {scopesError && <p className="mt-1 text-sm text-red-700">Scopes {scopesError}</p>}
        </fieldset>
        <div className="mt-3">
          <FormError message={createError && !nameError && !scopesError ? errorMessage(createError) : null} />
        </div>
      </form>

      {keys.length === 0 ? (
        <EmptyState title="No API keys yet">Create one above to call the API from your servers.</EmptyState>
      ) : (
        <div aria-busy={refreshing || undefined}>
          <ListTable
            label="API keys"
            columns={["Name", "Key", "Scopes", "Created", "Last used", "Status"]}
            actions
            rows={keys}
            rowKey={(k) => k.id}
            rowProps={() => ({ "data-testid": "api-key-row" })}
          >
            {(k) => (
              <>
                <Td className="font-medium">{k.name}</Td>
                <Td className="font-mono text-xs whitespace-nowrap">{k.prefix}…</Td>
                <Td className="font-mono text-xs">{k.scopes.join(", ")}</Td>
                <Td className="whitespace-nowrap">{formatTime(k.createdAt)}</Td>
                <Td className="whitespace-nowrap">{formatTime(k.lastUsedAt, "never")}</Td>
                <Td>
                  <StatusBadge status={k.revokedAt ? "revoked" : "active"} />
                </Td>
                <Td className="text-right">
                  {!k.revokedAt && (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => (setRevokeError(null), setRevoking(k))}
                      aria-label={`Revoke API key ${k.name}`}
                    >
                      Revoke
                    </Button>
                  )}
                </Td>
              </>
            )}
          </ListTable>
        </div>
      )}

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this API key?"
        confirmLabel="Revoke key"
        busyLabel="Revoking…"
        danger
        busy={revokeBusy}
        error={revokeError}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      >
        <p>
          “{revoking?.name}” (<span className="font-mono">{revoking?.prefix}…</span>) stops working at once. Servers
          still using it get 401 answers. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
