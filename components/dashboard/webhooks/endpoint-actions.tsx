// Pausing an endpoint is undone with one click, so it does not ask; deleting removes the
// endpoint with its delivery log for good, so it always asks first.
"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormError } from "@/components/ui/form-fields";
import { errorMessage } from "../api-client";
import { useSavedToggle } from "../use-saved-toggle";
import { deleteEndpoint, setEndpointActive, setEndpointHeaderNames } from "./webhook-api";

interface EndpointRef {
  id: string;
  url: string;
  isActive: boolean;
}

export function EndpointActiveButton({ endpoint, onChanged }: { endpoint: EndpointRef; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      await setEndpointActive(endpoint.id, !endpoint.isActive);
      onChanged();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  const action = endpoint.isActive ? "Deactivate" : "Activate";
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        size="sm"
        busy={busy}
        onClick={toggle}
        aria-label={`${action} endpoint ${endpoint.url}`}
      >
        {action}
      </Button>
      <FormError message={error} />
    </span>
  );
}

/** Whether deliveries also carry the hosted service's header names: a checkbox saved at once. */
export function HeaderNamesSetting({
  endpoint,
  onChanged,
}: {
  endpoint: EndpointRef & { requestNetworkHeaders: boolean };
  onChanged: () => void;
}) {
  const { on, busy, error, toggle } = useSavedToggle(
    endpoint.requestNetworkHeaders,
    (next) => setEndpointHeaderNames(endpoint.id, next),
    onChanged,
  );
  return (
    <span className="flex flex-col gap-1">
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={on}
          disabled={busy}
          onChange={(e) => void toggle(e.target.checked)}
          data-testid="endpoint-request-network-headers"
        />
        <span>
          Also <code className="font-mono text-xs">x-request-network-signature</code>,{" "}
          <code className="font-mono text-xs">-delivery</code>, <code className="font-mono text-xs">-retry-count</code>{" "}
          and <code className="font-mono text-xs">-test</code>, for a receiver written for the hosted service
        </span>
      </label>
      <FormError message={error} />
    </span>
  );
}

export function DeleteEndpointButton({ endpoint, onDeleted }: { endpoint: EndpointRef; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await deleteEndpoint(endpoint.id);
      setOpen(false);
      onDeleted();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => (setError(null), setOpen(true))}
        aria-label={`Delete endpoint ${endpoint.url}`}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete this webhook endpoint?"
        confirmLabel="Delete endpoint"
        busyLabel="Deleting…"
        danger
        busy={busy}
        error={error}
        onConfirm={remove}
        onCancel={() => setOpen(false)}
      >
        <p>
          <span className="font-mono break-all">{endpoint.url}</span> stops receiving events at once, deliveries still
          pending stop, and its delivery log is deleted.
        </p>
        <p className="mt-2 font-medium">
          This cannot be undone: adding the URL again gives a new endpoint with a new secret.
          {endpoint.isActive ? " To pause deliveries instead, deactivate it." : ""}
        </p>
      </ConfirmDialog>
    </>
  );
}
