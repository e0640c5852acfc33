// One delivery of the log: what it is and where it stands at a glance; opened, every attempt
// and the payload (read through the API when first opened); resend once it is finished.
"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { FormError } from "@/components/ui/form-fields";
import { formatTime } from "@/components/ui/format-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { MAX_ATTEMPTS } from "@/lib/webhooks/browser";
import type { AttemptView, DeliveryView } from "@/lib/webhooks/schemas";
import { errorMessage } from "../api-client";
import { AttemptsTable } from "./attempts-table";
import { readDelivery, resendDelivery } from "./webhook-api";

function lastResult(a: AttemptView | undefined): string {
  if (!a) return "no attempt yet";
  if (a.finishedAt === null) return "attempt in flight";
  if (a.statusCode !== null) return `last answer HTTP ${a.statusCode}`;
  return `last attempt: ${a.error ?? "no answer"}`;
}

function Progress({ d, readAt }: { d: DeliveryView; readAt: string }) {
  if (d.status === "delivered")
    return <p className="text-xs text-slate-600">Delivered {formatTime(d.deliveredAt, "—", "second")}</p>;
  if (d.status === "failed") {
    return (
      <p className="text-xs text-red-800">
        Gave up{d.attemptCount > 0 ? ` after ${d.attemptCount} attempt${d.attemptCount === 1 ? "" : "s"}` : ""}:{" "}
        {d.failureReason ?? "no 2xx answer"}
      </p>
    );
  }
  const scheduled = d.nextAttemptAt && Date.parse(d.nextAttemptAt) > Date.parse(readAt);
  return (
    <p className="text-xs text-blue-900">
      Attempt {Math.min(d.attemptCount + 1, MAX_ATTEMPTS)} of {MAX_ATTEMPTS}{" "}
      {scheduled ? `due ${formatTime(d.nextAttemptAt, "—", "second")}` : "under way"}
      {d.failureReason && d.attemptCount > 0 && <span className="text-red-800"> · last error: {d.failureReason}</span>}
    </p>
  );
}

/** Which order the delivery is about: the merchant's reference and the request, linked to its page. */
function About({ d }: { d: DeliveryView }) {
  if (!d.requestId && !d.reference) return null;
  return (
    <span className="text-xs text-slate-700" data-testid="delivery-about">
      {d.reference && (
        <>
          reference <span className="font-medium">{d.reference}</span>
        </>
      )}
      {d.reference && d.requestId && " · "}
      {d.requestId &&
        (d.isTest ? (
          <>request {d.requestId.slice(0, 10)}…</>
        ) : (
          <a
            className="text-blue-800 underline underline-offset-2"
            href={`/dashboard/payments/requests/${d.requestId}`}
            title={d.requestId}
          >
            request {d.requestId.slice(0, 10)}…
          </a>
        ))}
    </span>
  );
}

type Payload =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "loaded"; text: string }
  | { state: "error"; message: string };

export function DeliveryItem({
  webhookId,
  delivery: d,
  readAt,
  canResend,
  onResent,
}: {
  webhookId: string;
  delivery: DeliveryView;
  readAt: string;
  canResend: boolean;
  onResent: () => void;
}) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [payload, setPayload] = useState<Payload>({ state: "idle" });
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  const [resendError, setResendError] = useState<string | null>(null);

  async function loadPayload() {
    setPayload({ state: "loading" });
    try {
      const detail = await readDelivery(webhookId, d.id);
      setPayload({ state: "loaded", text: JSON.stringify(detail.payload, null, 2) });
    } catch (err) {
      setPayload({ state: "error", message: errorMessage(err) });
    }
  }

  function toggle() {
    setOpen(!open);
    if (!open && payload.state === "idle") void loadPayload();
  }

  async function resend() {
    setResending(true);
    setResent(false);
    setResendError(null);
    try {
      await resendDelivery(webhookId, d.id);
      setResent(true);
      onResent();
    } catch (err) {
      setResendError(errorMessage(err));
    } finally {
      setResending(false);
    }
  }

  const finished = d.status !== "pending";
  const when = formatTime(d.createdAt, "—", "second");
  return (
    <li data-testid="delivery" data-delivery-id={d.id} data-status={d.status} className="space-y-2 p-3 sm:px-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={toggle}
          className="-mx-1 flex min-w-0 items-center gap-2 rounded px-1 text-left focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <span aria-hidden className={`inline-block text-slate-500 transition-transform ${open ? "rotate-90" : ""}`}>
            ▸
          </span>
          <span className="font-mono text-sm font-medium break-all">{d.event}</span>
          <span className="sr-only">
            {" "}
            of {when}, {d.status}, details
          </span>
        </button>
        {d.isTest && (
          <span className="rounded-full border border-slate-300 px-2 py-0.5 text-xs text-slate-700">test</span>
        )}
        <About d={d} />
        <StatusBadge status={d.status} />
        <span className="text-xs whitespace-nowrap text-slate-600">{when}</span>
        <span className="text-xs text-slate-600">
          {d.attempts.length} attempt{d.attempts.length === 1 ? "" : "s"} · {lastResult(d.attempts.at(-1))}
        </span>
        {finished && (
          <Button
            variant="secondary"
            size="sm"
            className="ml-auto"
            busy={resending}
            busyLabel="Resending…"
            disabled={!canResend}
            title={canResend ? undefined : "Activate the endpoint to resend"}
            onClick={resend}
            aria-label={`Resend ${d.event} of ${when}`}
          >
            Resend
          </Button>
        )}
      </div>
      <Progress d={d} readAt={readAt} />
      {resent && (
        <p role="status" className="text-xs font-medium text-emerald-800">
          Resent with the same delivery id: a new round of up to {MAX_ATTEMPTS} attempts has started.
        </p>
      )}
      <FormError message={resendError} />
      <div id={panelId} hidden={!open} className="space-y-3 border-t border-slate-100 pt-3">
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <span>
            Delivery id (<code>x-service-delivery</code>):
          </span>
          <code className="font-mono break-all text-slate-900">{d.id}</code>
          <CopyButton value={d.id} what="delivery id" />
        </p>
        <AttemptsTable attempts={d.attempts} label={`Attempts of ${d.event} of ${when}`} />
        <div>
          <h3 className="text-sm font-medium">Payload</h3>
          {payload.state === "loading" && (
            <p role="status" className="mt-1 text-sm text-slate-600">
              Loading the payload…
            </p>
          )}
          {payload.state === "error" && (
            <div className="mt-1 space-y-2">
              <FormError message={`The payload could not be loaded: ${payload.message}`} />
              <Button variant="secondary" size="sm" onClick={loadPayload}>
                Try again
              </Button>
            </div>
          )}
          {payload.state === "loaded" && (
            <div className="mt-1 space-y-2">
              <pre
                data-testid="delivery-payload"
                className="max-h-80 overflow-auto rounded border border-slate-200 bg-slate-50 p-3 font-mono text-xs break-all whitespace-pre-wrap"
              >
                {payload.text}
              </pre>
              <CopyButton value={payload.text} what="payload" />
            </div>
          )}
        </div>
      </div>
    </li>
  );
}
