// Links between a platform's client ID and an orchestrator. Two ways in:
// - direct: the platform links one of its client IDs to an orchestrator it names (API key or
//   session); no event;
// - hosted onboarding: the orchestrator opens a link request (pending, 7 days) and sends the
//   platform its onboarding URL; the platform approves it in the dashboard with one of its
//   active client IDs (or rejects it). Approval emits `client_id.linked` (see link-events.ts).
// A client ID has at most one active link; linking locks the client ID row so two concurrent
// approvals cannot both win. Every lookup is scoped: orchestrators see their own links,
// platforms their own client IDs' links; anything else is "not found".
// Each audience has its file: orchestrator-links.ts, platform-links.ts, and active-links.ts
// for other domains; this one holds the row shape and rules they share.

import { CLIENT_ID_NOT_FOUND, clientIdsByIds } from "../client-ids";
import { getConfig } from "../config";
import { db } from "../db/client";
import type { LinkStatus, OrchestratorLink, Prisma } from "../db/generated/client";
import { conflict, notFound } from "../http/errors";
import type { LinkedLink } from "./link-events";
import { onboardingKey } from "./onboarding-key";
import type { LinkAnswer } from "./schemas";

export const LINK_REQUEST_TTL_MS = 7 * 24 * 60 * 60_000;
export const LINK_STATUSES = [
  "pending",
  "active",
  "unlinked",
  "rejected",
  "cancelled",
  "expired",
] as const satisfies readonly LinkStatus[];

export const LINK_NOT_FOUND = "Link not found";
export const REQUEST_NOT_FOUND = "Link request not found";

export const INCLUDE = { orchestrator: { select: { name: true } } } as const;

type FetchedLink = OrchestratorLink & { orchestrator: { name: string } };
/** A link with its orchestrator's name and its client ID's public value and platform (withClients). */
export type LinkRow = FetchedLink & { clientId: { clientId: string; platformId: string } | null };
export type Tx = Prisma.TransactionClient;

/** The links with their client IDs' public values and platforms, asked of client-ids (which owns them). */
export async function withClients(rows: FetchedLink[], tx?: Tx): Promise<LinkRow[]> {
  const clients = await clientIdsByIds(
    rows.flatMap((r) => (r.clientIdId ? [r.clientIdId] : [])),
    tx,
  );
  return rows.map((r) => ({ ...r, clientId: (r.clientIdId && clients.get(r.clientIdId)) || null }));
}

/** withClients for one link. */
export async function withClient(row: FetchedLink, tx?: Tx): Promise<LinkRow> {
  return (await withClients([row], tx))[0];
}

/** Where the platform approves: the intent id names the request, the key lets it in (onboarding-key.ts). */
export function onboardingUrl(intentId: string): string {
  return `${getConfig().APP_URL}/dashboard/links/${intentId}?key=${onboardingKey(intentId)}`;
}

/** A hosted request as the platform addresses it: from its onboarding URL. */
export interface IntentRef {
  intentId: string;
  /** The `key` of the onboarding URL; needed until the request is approved. */
  key: string | undefined;
}

export function toLinkView(row: LinkRow): LinkAnswer {
  return {
    linkId: row.id,
    intentId: row.intentId,
    orchestratorId: row.orchestratorId,
    orchestratorName: row.orchestrator.name,
    clientId: row.clientId?.clientId ?? null,
    method: row.method,
    status: row.status,
    externalId: row.externalId,
    destinationId: row.destinationId,
    destinationWalletAddress: row.destinationWalletAddress,
    chain: row.chain,
    currency: row.currency,
    onboardingUrl: row.method === "hosted" ? onboardingUrl(row.intentId) : null,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    linkedAt: row.linkedAt,
    unlinkedAt: row.unlinkedAt,
  };
}

export function toLinkedLink(view: LinkAnswer, platformId: string, clientIdId: string): LinkedLink {
  if (!view.clientId || !view.linkedAt) throw new Error("toLinkedLink needs an active link");
  return { ...view, platformId, clientIdId, clientId: view.clientId, linkedAt: view.linkedAt };
}

/** Pending requests past their expiry become `expired` (lazily, when someone looks). */
export async function expireStale(where: Prisma.OrchestratorLinkWhereInput, now: Date): Promise<void> {
  await (await db()).orchestratorLink.updateMany({
    where: { ...where, status: "pending", expiresAt: { lt: now } },
    data: { status: "expired" },
  });
}

export function assertLinkable(status: string | null): void {
  if (status === null) throw notFound("client_id_not_found", CLIENT_ID_NOT_FOUND);
  if (status === "revoked") throw conflict("client_id_revoked", "This client ID is revoked and cannot be linked");
  if (status !== "active")
    throw conflict("client_id_not_active", `This client ID is ${status}; activate it before linking`);
}

export async function activeLinkOf(tx: Tx, clientIdId: string): Promise<LinkRow | null> {
  const row = await tx.orchestratorLink.findFirst({ where: { clientIdId, status: "active" }, include: INCLUDE });
  return row && withClient(row, tx);
}
