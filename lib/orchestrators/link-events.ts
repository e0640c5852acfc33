// The `client_id.linked` event (docs/interface.md "Events"): emitted to the orchestrator when a platform
// completes hosted onboarding. Direct API links do not emit it.
import type { Prisma } from "../db/generated/client";
import { emitEvent, type OutgoingEvent, webhookEvent } from "../webhooks";

export interface LinkedLink {
  platformId: string;
  clientIdId: string; // internal id of the linked client ID
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

/** The event, from the approved link alone (receivers deduplicate by linkId or intentId). */
export function clientIdLinkedEvent(link: LinkedLink): OutgoingEvent<"client_id.linked"> {
  return webhookEvent(
    "client_id.linked",
    {
      platformId: link.platformId,
      clientIdId: link.clientIdId,
      clientId: link.clientId,
      orchestratorId: link.orchestratorId,
    },
    {
      linkId: link.linkId,
      intentId: link.intentId,
      externalId: link.externalId,
      destinationId: link.destinationId,
      destinationWalletAddress: link.destinationWalletAddress,
      chain: link.chain,
      currency: link.currency,
      timestamp: new Date(link.linkedAt),
    },
  );
}

/**
 * Called inside the transaction that approves a hosted link, after the link is active: the
 * event is written to the outbox in that transaction, so it exists if and only if the
 * approval commits.
 */
export async function onClientIdLinked(tx: Prisma.TransactionClient, link: LinkedLink): Promise<void> {
  await emitEvent(tx, clientIdLinkedEvent(link));
}
