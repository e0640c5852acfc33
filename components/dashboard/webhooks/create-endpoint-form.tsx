// Registering an endpoint for a client ID. The URL rules depend on the instance (HTTPS and
// public addresses in production; http and localhost also in the sandbox), so the page says
// which apply here; the API checks them.
"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-fields";
import { ApiRequestError, errorMessage } from "../api-client";
import { createEndpoint } from "./webhook-api";

export function CreateEndpointForm({
  clientIdId,
  urlRule,
  onCreated,
}: {
  clientIdId: string;
  urlRule: string;
  onCreated: (created: { id: string; secret: string; url: string }) => void;
}) {
  const [url, setUrl] = useState("");
  const [hostedHeaders, setHostedHeaders] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await createEndpoint(clientIdId, url.trim(), hostedHeaders);
      onCreated({ ...created, url: url.trim() });
      setUrl("");
      setHostedHeaders(false);
    } catch (err) {
      setError(err instanceof Error ? err : new Error(errorMessage(err)));
    } finally {
      setBusy(false);
    }
  }

  const urlError = error instanceof ApiRequestError ? error.fieldError("url") : undefined;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="add-endpoint-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="add-endpoint-title" className="font-semibold">
        Add an endpoint
      </h2>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <TextField
            label="Endpoint URL"
            name="url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/webhooks/stablelink"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            required
            maxLength={2048}
            hint={urlRule}
            error={urlError}
          />
        </div>
        <Button type="submit" busy={busy} busyLabel="Adding…" className="sm:mt-6">
          Add endpoint
        </Button>
      </div>
      <label className="mt-3 flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={hostedHeaders}
          onChange={(e) => setHostedHeaders(e.target.checked)}
          data-testid="request-network-headers"
        />
        <span>
          <span className="font-medium">Also send the hosted service’s header names</span>{" "}
          <span className="text-slate-600">
            (<code className="font-mono text-xs">x-request-network-signature</code>,{" "}
            <code className="font-mono text-xs">-delivery</code>,{" "}
            <code className="font-mono text-xs">-retry-count</code>, <code className="font-mono text-xs">-test</code>,
            with the same values), for a receiver written for the hosted service. You can change it later.
          </span>
        </span>
      </label>
      <div className="mt-3">
        <FormError
          message={error && !urlError ? errorMessage(error) : null}
          details={error instanceof ApiRequestError ? error.otherErrors(["url"]) : []}
        />
      </div>
    </form>
  );
}
