// The platform's payee destinations: active ones first, then the newest. The ID is what
// secure payments name as destinationId: shown short (its wallet and token are in their own
// columns), whole in its title, and copied whole.
"use client";

import type { ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { formatTime } from "@/components/ui/format-time";
import { EmptyState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { ListTable, Td } from "@/components/ui/table";
import type { PayeeDestinationView } from "@/lib/payee-destinations/schemas";
import { shortAddress, shortDestinationId } from "./wallet-addresses";

export function DestinationsTable({
  destinations,
  networkNames,
  actions,
  busy,
  emptyHint,
}: {
  destinations: PayeeDestinationView[];
  /** Network id → name, e.g. base → Base. */
  networkNames: Record<string, string>;
  /** The row's action buttons (deactivate), when this session may manage destinations. */
  actions?: (destination: PayeeDestinationView) => ReactNode;
  busy?: boolean;
  emptyHint: ReactNode;
}) {
  if (destinations.length === 0) return <EmptyState title="No payee destinations yet">{emptyHint}</EmptyState>;
  return (
    <div aria-busy={busy || undefined}>
      <ListTable
        label="Payee destinations"
        columns={["Token and network", "Wallet", "Destination ID", "Status", "Created"]}
        actions={actions !== undefined}
        rows={destinations}
        rowKey={(d) => d.destinationId}
        rowProps={(d) => ({ "data-testid": "payee-destination-row", "data-destination-id": d.destinationId })}
      >
        {(d) => {
          const network = networkNames[d.network] ?? d.network;
          return (
            <>
              <Td className="whitespace-nowrap">
                <span className="font-medium">
                  {d.symbol} on {network}
                </span>
                <span className="block font-mono text-xs text-slate-500" title={d.tokenAddress}>
                  {shortAddress(d.tokenAddress)}
                </span>
              </Td>
              <Td className="font-mono text-xs whitespace-nowrap">
                <span title={d.walletAddress}>{shortAddress(d.walletAddress)}</span>
              </Td>
              <Td>
                <div className="flex items-center gap-2">
                  <code className="min-w-40 font-mono text-xs break-all" title={d.destinationId}>
                    {shortDestinationId(d.destinationId)}
                  </code>
                  <CopyButton
                    value={d.destinationId}
                    what={`destination ID of ${d.symbol} on ${network} for ${d.walletAddress}`}
                  />
                </div>
              </Td>
              <Td>
                <StatusBadge status={d.active ? "active" : "inactive"} />
              </Td>
              <Td className="min-w-24 text-xs">{formatTime(d.createdAt)}</Td>
              {actions && <Td className="text-right">{actions(d)}</Td>}
            </>
          );
        }}
      </ListTable>
    </div>
  );
}
