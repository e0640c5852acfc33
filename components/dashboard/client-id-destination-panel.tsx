// The payee destination bound to a client ID: secure payments created with the client ID pay
// it (their destinationId may be left out). A backend client ID (no allowed origins) needs one.
"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { FormError, SelectField } from "@/components/ui/form-fields";
import type { PayeeDestinationView } from "@/lib/payee-destinations/schemas";
import { apiRequest, errorMessage } from "./api-client";

export function ClientIdDestinationPanel({
  clientIdId,
  bound,
  backend,
  destinations,
  canChange,
}: {
  clientIdId: string;
  bound: string | null;
  backend: boolean;
  destinations: Pick<PayeeDestinationView, "destinationId" | "network" | "symbol" | "walletAddress">[];
  canChange: boolean;
}) {
  const router = useRouter();
  const [, startRefresh] = useTransition();
  const [choice, setChoice] = useState(bound ?? destinations[0]?.destinationId ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(payeeDestinationId: string | null) {
    setBusy(true);
    setError(null);
    try {
      await apiRequest("PUT", `/v2/client-ids/${encodeURIComponent(clientIdId)}`, { payeeDestinationId });
      startRefresh(() => router.refresh());
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="destination-title" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="destination-title" className="font-semibold">
        Payee destination
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {backend
          ? "A backend client ID (no allowed origins) is used from servers, without Origin. It creates secure payments only to the payee destination bound here."
          : "Secure payments created with this client ID pay the destination bound here; their destinationId may then be left out, and any other is refused."}
      </p>
      <p className="mt-2 text-sm">
        {bound ? (
          <>
            Bound to <code className="font-mono text-xs break-all">{bound}</code>
          </>
        ) : (
          <span className={backend ? "font-medium text-amber-800" : undefined}>
            {backend ? "Not bound: this client ID cannot create secure payments yet." : "Not bound."}
          </span>
        )}
      </p>
      {canChange &&
        (destinations.length === 0 ? (
          <p className="mt-2 text-sm">
            No active payee destination yet:{" "}
            <Link href="/dashboard/payee-destinations" className="text-blue-700 underline">
              register one
            </Link>
            .
          </p>
        ) : (
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
            <SelectField
              label="Destination"
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
              className="min-w-0 flex-1"
            >
              {destinations.map((d) => (
                <option key={d.destinationId} value={d.destinationId}>
                  {d.symbol} on {d.network} to {d.walletAddress}
                </option>
              ))}
            </SelectField>
            <Button size="sm" busy={busy} disabled={!choice || choice === bound} onClick={() => save(choice)}>
              Bind
            </Button>
            {bound && (
              <Button variant="secondary" size="sm" busy={busy} onClick={() => save(null)}>
                Unbind
              </Button>
            )}
          </div>
        ))}
      <div className="mt-2">
        <FormError message={error} />
      </div>
    </section>
  );
}
