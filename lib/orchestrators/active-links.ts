// What other domains ask of links: whether a client ID has an active orchestrator link, and
// with whom (secure payments created by an orchestrator, webhooks copied to it); and the end of
// a revoked client ID's link.
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { isUuid } from "../ids/ids";

export interface ActiveLink {
  linkId: string;
  intentId: string;
  orchestratorId: string;
  clientIdId: string;
  method: "direct" | "hosted";
  linkedAt: Date;
}

/** The active orchestrator link of a client ID (by internal id), or null. */
export async function findActiveLink(clientIdId: string): Promise<ActiveLink | null> {
  if (!isUuid(clientIdId)) return null;
  const row = await (await db()).orchestratorLink.findFirst({ where: { clientIdId, status: "active" } });
  if (!row || !row.clientIdId || !row.linkedAt) return null;
  return {
    linkId: row.id,
    intentId: row.intentId,
    orchestratorId: row.orchestratorId,
    clientIdId: row.clientIdId,
    method: row.method,
    linkedAt: row.linkedAt,
  };
}

/** Whether the orchestrator may act for this client ID now (an active link between them). */
export async function isLinked(orchestratorId: string, clientIdId: string): Promise<boolean> {
  return (await findActiveLink(clientIdId))?.orchestratorId === orchestratorId;
}

/** A revoked client ID's active link ends (`unlinked`), in the revoke's transaction. */
export async function endLinkOf(tx: Prisma.TransactionClient, clientIdId: string, now: Date): Promise<void> {
  await tx.orchestratorLink.updateMany({
    where: { clientIdId, status: "active" },
    data: { status: "unlinked", unlinkedAt: now },
  });
}
