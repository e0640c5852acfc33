// The `client_id.linked` event (SERVICE.md §6): emitted to the orchestrator when a platform
// completes hosted onboarding. Direct API links do not emit it.
import type { Prisma } from "../db/generated/client";

export interface LinkedLink {
  linkId: string;
  intentId: string;
  orchestratorId: string;
  clientId: string; // the platform's public client ID value
  externalId: string | null;
  destinationId: string | null;
  destinationWalletAddress: string | null;
  chain: string | null;
  currency: string | null;
  linkedAt: string; // ISO 8601
}

export interface ClientIdLinkedPayload {
  event: "client_id.linked";
  clientId: string;
  orchestratorId: string;
  linkId: string;
  intentId: string;
  externalId: string | null;
  destinationId: string | null;
  destinationWalletAddress: string | null;
  chain: string | null;
  currency: string | null;
  timestamp: string;
}

/** The event body, from the approved link alone (receivers deduplicate by linkId or intentId). */
export function clientIdLinkedPayload(link: LinkedLink): ClientIdLinkedPayload {
  return {
    event: "client_id.linked",
    clientId: link.clientId,
    orchestratorId: link.orchestratorId,
    linkId: link.linkId,
    intentId: link.intentId,
    externalId: link.externalId,
    destinationId: link.destinationId,
    destinationWalletAddress: link.destinationWalletAddress,
    chain: link.chain,
    currency: link.currency,
    timestamp: link.linkedAt,
  };
}

/**
 * HOOK: called inside the transaction that approves a hosted link, after the link is active,
 * so an outbox write here commits (or rolls back) with the approval. The webhook issue wires
 * it with one line, e.g.:
 *   await emitEvent(tx, "client_id.linked", clientIdLinkedPayload(link), { orchestratorId: link.orchestratorId });
 */
export async function onClientIdLinked(tx: Prisma.TransactionClient, link: LinkedLink): Promise<void> {
  void tx;
  void link;
}
