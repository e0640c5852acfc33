// What was done to an endpoint with the client ID alone (no API key or session): a client ID
// is public, so the platform must be able to see such changes, when and from where.
import { formatTime } from "@/components/ui/format-time";
import type { ClientIdAction } from "@/lib/webhooks";

const VERB: Record<ClientIdAction["action"], string> = {
  registered: "Registered",
  activated: "Activated",
  deactivated: "Deactivated",
};

/** A short mark for the endpoints table. */
export function ClientIdAloneBadge({ actions }: { actions: ClientIdAction[] }) {
  if (actions.length === 0) return null;
  const last = actions[actions.length - 1];
  return (
    <span
      className="mt-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"
      title={`${VERB[last.action]} with the client ID alone, ${formatTime(last.at)}, from ${last.address} (${last.origin ? `Origin ${last.origin}` : "backend client ID, no Origin"})`}
      data-testid="client-id-alone-badge"
    >
      {actions.some((a) => a.action === "registered") ? "Registered by client ID alone" : "Changed by client ID alone"}
    </span>
  );
}

/** Every recorded change, for the endpoint's page. */
export function ClientIdActionList({ actions }: { actions: ClientIdAction[] }) {
  if (actions.length === 0) return <span>None: every change came from this dashboard or an API key.</span>;
  return (
    <ul className="space-y-1" data-testid="client-id-actions">
      {actions.map((a, i) => (
        <li key={i}>
          <span className="font-medium text-amber-900">{VERB[a.action]}</span> {formatTime(a.at)} from{" "}
          <code className="font-mono text-xs">{a.address}</code>, Origin{" "}
          <code className="font-mono text-xs break-all">{a.origin ?? "no Origin (backend client ID)"}</code>
        </li>
      ))}
    </ul>
  );
}
