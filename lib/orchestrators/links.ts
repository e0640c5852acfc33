// Links between a platform's client ID and an orchestrator. Two ways in:
// - direct: the platform links one of its client IDs to an orchestrator it names (API key or
//   session); no event;
// - hosted onboarding: the orchestrator opens a link request (pending, 7 days) and sends the
//   platform its onboarding URL; the platform approves it in the dashboard with one of its
//   active client IDs (or rejects it). Approval emits `client_id.linked` (see link-events.ts).
// A client ID has at most one active link; linking locks the client ID row so two concurrent
// approvals cannot both win. Every lookup is scoped: orchestrators see their own links,
// platforms their own client IDs' links; anything else is "not found".
import { ApiError, conflict, notFound } from "../api/errors";
import { CLIENT_ID_NOT_FOUND, findOwnClientId, getClientIdOrThrow, isUuid } from "../client-ids/manage-client-ids";
import { getConfig } from "../config";
import { db } from "../db/client";
import type { LinkStatus, OrchestratorLink, Prisma } from "../db/generated/client";
import { findOrchestrator } from "./accounts";
import { onClientIdLinked, type LinkedLink } from "./link-events";

export const LINK_REQUEST_TTL_MS = 7 * 24 * 60 * 60_000;
export const LINK_STATUSES = ["pending", "active", "unlinked", "rejected", "cancelled", "expired"] as const satisfies readonly LinkStatus[];

const LINK_NOT_FOUND = "Link not found";
const REQUEST_NOT_FOUND = "Link request not found";

const INCLUDE = {
  orchestrator: { select: { name: true } },
  clientId: { select: { clientId: true, platformId: true } },
} as const;

type LinkRow = OrchestratorLink & { orchestrator: { name: string }; clientId: { clientId: string; platformId: string } | null };
type Tx = Prisma.TransactionClient;

export interface LinkView {
  linkId: string;
  intentId: string;
  orchestratorId: string;
  orchestratorName: string;
  clientId: string | null;
  method: "direct" | "hosted";
  status: LinkStatus;
  externalId: string | null;
  destinationId: string | null;
  destinationWalletAddress: string | null;
  chain: string | null;
  currency: string | null;
  onboardingUrl: string | null;
  createdAt: string;
  expiresAt: string | null;
  linkedAt: string | null;
  unlinkedAt: string | null;
}

export function onboardingUrl(intentId: string): string {
  return `${getConfig().APP_URL}/dashboard/links/${intentId}`;
}

export function toLinkView(row: LinkRow): LinkView {
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
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    linkedAt: row.linkedAt?.toISOString() ?? null,
    unlinkedAt: row.unlinkedAt?.toISOString() ?? null,
  };
}

function toLinkedLink(view: LinkView, platformId: string, clientIdId: string): LinkedLink {
  if (!view.clientId || !view.linkedAt) throw new Error("toLinkedLink needs an active link");
  return { ...view, platformId, clientIdId, clientId: view.clientId, linkedAt: view.linkedAt };
}

/** Pending requests past their expiry become `expired` (lazily, when someone looks). */
async function expireStale(where: Prisma.OrchestratorLinkWhereInput, now: Date): Promise<void> {
  await (await db()).orchestratorLink.updateMany({ where: { ...where, status: "pending", expiresAt: { lt: now } }, data: { status: "expired" } });
}

async function lockClientId(tx: Tx, id: string): Promise<string | null> {
  const rows = await tx.$queryRaw<{ status: string }[]>`SELECT status::text AS status FROM client_ids WHERE id = ${id}::uuid FOR UPDATE`;
  return rows[0]?.status ?? null;
}

function assertLinkable(status: string | null): void {
  if (status === null) throw notFound(CLIENT_ID_NOT_FOUND);
  if (status === "revoked") throw conflict("This client ID is revoked and cannot be linked");
  if (status !== "active") throw conflict(`This client ID is ${status}; activate it before linking`);
}

async function activeLinkOf(tx: Tx, clientIdId: string) {
  return tx.orchestratorLink.findFirst({ where: { clientIdId, status: "active" }, include: INCLUDE });
}

// ---------- orchestrator side (x-orchestrator-key) ----------

export interface LinkRequestInput {
  externalId?: string;
  destinationId?: string;
  destinationWalletAddress?: string;
  chain?: string;
  currency?: string;
}

/** Starts hosted onboarding: a pending link whose onboardingUrl the platform opens. */
export async function createLinkRequest(orchestratorId: string, input: LinkRequestInput, now = new Date()): Promise<LinkView> {
  const row = await (await db()).orchestratorLink.create({
    data: { orchestratorId, method: "hosted", status: "pending", ...input, createdAt: now, expiresAt: new Date(now.getTime() + LINK_REQUEST_TTL_MS) },
    include: INCLUDE,
  });
  return toLinkView(row);
}

export interface LinkFilter {
  status?: LinkStatus;
  externalId?: string;
  clientId?: string;
  limit: number;
}

/** The orchestrator's links (direct and hosted), newest first. */
export async function listOrchestratorLinks(orchestratorId: string, filter: LinkFilter, now = new Date()): Promise<LinkView[]> {
  await expireStale({ orchestratorId }, now);
  const rows = await (await db()).orchestratorLink.findMany({
    where: {
      orchestratorId,
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.externalId !== undefined ? { externalId: filter.externalId } : {}),
      ...(filter.clientId !== undefined ? { clientId: { clientId: filter.clientId } } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: filter.limit,
    include: INCLUDE,
  });
  return rows.map(toLinkView);
}

async function orchestratorLinkOrThrow(orchestratorId: string, linkId: string): Promise<LinkRow> {
  const row = isUuid(linkId) ? await (await db()).orchestratorLink.findFirst({ where: { id: linkId, orchestratorId }, include: INCLUDE }) : null;
  if (!row) throw notFound(LINK_NOT_FOUND);
  return row;
}

export async function getOrchestratorLink(orchestratorId: string, linkId: string, now = new Date()): Promise<LinkView> {
  await orchestratorLinkOrThrow(orchestratorId, linkId);
  await expireStale({ id: linkId }, now);
  return toLinkView(await orchestratorLinkOrThrow(orchestratorId, linkId));
}

/** The orchestrator withdraws a pending request (`cancelled`) or ends an active link (`unlinked`). */
export async function endOrchestratorLink(orchestratorId: string, linkId: string, now = new Date()): Promise<LinkView> {
  await orchestratorLinkOrThrow(orchestratorId, linkId);
  await expireStale({ id: linkId }, now);
  const prisma = await db();
  const cancelled = await prisma.orchestratorLink.updateMany({ where: { id: linkId, orchestratorId, status: "pending" }, data: { status: "cancelled" } });
  if (cancelled.count === 0) {
    const unlinked = await prisma.orchestratorLink.updateMany({ where: { id: linkId, orchestratorId, status: "active" }, data: { status: "unlinked", unlinkedAt: now } });
    if (unlinked.count === 0) {
      const { status } = await orchestratorLinkOrThrow(orchestratorId, linkId);
      throw conflict(`This link has already ended (status ${status})`);
    }
  }
  return toLinkView(await orchestratorLinkOrThrow(orchestratorId, linkId));
}

// ---------- platform side (x-api-key or session) ----------

/** The active orchestrator link of the platform's client ID. */
export async function getClientIdLink(platformId: string, id: string): Promise<LinkView> {
  const client = await getClientIdOrThrow(platformId, id);
  const link = await activeLinkOf(await db(), client.id);
  if (!link) throw notFound("This client ID is not linked to an orchestrator");
  return toLinkView(link);
}

/**
 * Links the platform's client ID to an orchestrator directly. Linking again to the same
 * orchestrator answers the existing link (`created: false`); another orchestrator's active
 * link must be removed first.
 */
export async function linkClientIdDirect(platformId: string, id: string, orchestratorId: string, now = new Date()): Promise<{ link: LinkView; created: boolean }> {
  const client = await getClientIdOrThrow(platformId, id);
  const orchestrator = await findOrchestrator(orchestratorId);
  if (!orchestrator) throw notFound("Orchestrator not found");
  return (await db()).$transaction(async (tx) => {
    assertLinkable(await lockClientId(tx, client.id));
    const existing = await activeLinkOf(tx, client.id);
    if (existing?.orchestratorId === orchestrator.id) return { link: toLinkView(existing), created: false };
    if (existing) throw conflict(`This client ID is already linked to another orchestrator (${existing.orchestrator.name}); unlink it first`);
    const row = await tx.orchestratorLink.create({
      data: { orchestratorId: orchestrator.id, clientIdId: client.id, method: "direct", status: "active", createdAt: now, linkedAt: now },
      include: INCLUDE,
    });
    return { link: toLinkView(row), created: true };
  });
}

/** Ends the active link of the platform's client ID. */
export async function unlinkClientId(platformId: string, id: string, now = new Date()): Promise<LinkView> {
  const client = await getClientIdOrThrow(platformId, id);
  const prisma = await db();
  const link = await activeLinkOf(prisma, client.id);
  const { count } = link ? await prisma.orchestratorLink.updateMany({ where: { id: link.id, status: "active" }, data: { status: "unlinked", unlinkedAt: now } }) : { count: 0 };
  if (!link || count === 0) throw notFound("This client ID is not linked to an orchestrator");
  return toLinkView((await prisma.orchestratorLink.findUnique({ where: { id: link.id }, include: INCLUDE }))!);
}

/** The links of the platform's client IDs (direct and approved hosted ones), newest first. */
export async function listPlatformLinks(platformId: string, limit = 200): Promise<LinkView[]> {
  const rows = await (await db()).orchestratorLink.findMany({
    where: { clientId: { platformId } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: limit,
    include: INCLUDE,
  });
  return rows.map(toLinkView);
}

/**
 * A hosted link request as the platform's dashboard sees it. The intent id is the capability:
 * any signed-in platform holding it sees an open (or refused) request; once approved, the link
 * belongs to the approving platform and is "not found" for every other one.
 */
function visibleTo(row: LinkRow | null, platformId: string): row is LinkRow {
  if (!row) return false;
  if (row.status === "active" || row.status === "unlinked") return row.clientId?.platformId === platformId;
  return row.method === "hosted";
}

async function linkRequestOrThrow(platformId: string, intentId: string, now: Date): Promise<LinkRow> {
  if (!isUuid(intentId)) throw notFound(REQUEST_NOT_FOUND);
  await expireStale({ intentId }, now);
  const row = await (await db()).orchestratorLink.findUnique({ where: { intentId }, include: INCLUDE });
  if (!visibleTo(row, platformId)) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

export async function getLinkRequest(platformId: string, intentId: string, now = new Date()): Promise<LinkView> {
  return toLinkView(await linkRequestOrThrow(platformId, intentId, now));
}

function notPending(status: LinkStatus): ApiError {
  switch (status) {
    case "active":
      return conflict("This link request was already approved");
    case "unlinked":
      return conflict("This link request was approved and has since been unlinked");
    case "rejected":
      return conflict("This link request was rejected");
    case "cancelled":
      return conflict("The orchestrator withdrew this link request");
    default:
      return new ApiError(410, "This link request expired; ask the orchestrator for a new one");
  }
}

/**
 * The platform approves hosted onboarding with one of its active client IDs (public value or
 * internal id). A client ID linked to this same orchestrator is relinked (the old link ends);
 * one linked to another orchestrator must be unlinked first. Emits `client_id.linked`.
 */
export async function approveLinkRequest(platformId: string, intentId: string, clientIdOrId: string, now = new Date()): Promise<LinkView> {
  await linkRequestOrThrow(platformId, intentId, now);
  const client = await findOwnClientId(platformId, clientIdOrId);
  if (!client) throw notFound(CLIENT_ID_NOT_FOUND);
  return (await db()).$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM orchestrator_links WHERE intent_id = ${intentId}::uuid FOR UPDATE`;
    const link = await tx.orchestratorLink.findUnique({ where: { intentId }, include: INCLUDE });
    if (!visibleTo(link, platformId)) throw notFound(REQUEST_NOT_FOUND);
    if (link.status !== "pending") throw notPending(link.status);
    if (link.expiresAt && link.expiresAt <= now) throw notPending("expired");
    assertLinkable(await lockClientId(tx, client.id));
    const existing = await activeLinkOf(tx, client.id);
    if (existing && existing.orchestratorId !== link.orchestratorId) {
      throw conflict(`This client ID is already linked to another orchestrator (${existing.orchestrator.name}); unlink it first`);
    }
    if (existing) await tx.orchestratorLink.update({ where: { id: existing.id }, data: { status: "unlinked", unlinkedAt: now } });
    const row = await tx.orchestratorLink.update({
      where: { id: link.id },
      data: { status: "active", clientIdId: client.id, linkedAt: now },
      include: INCLUDE,
    });
    const view = toLinkView(row);
    await onClientIdLinked(tx, toLinkedLink(view, platformId, client.id));
    return view;
  });
}

/** The platform declines hosted onboarding; the request cannot be approved afterwards. */
export async function rejectLinkRequest(platformId: string, intentId: string, now = new Date()): Promise<LinkView> {
  const link = await linkRequestOrThrow(platformId, intentId, now);
  const prisma = await db();
  const { count } = await prisma.orchestratorLink.updateMany({ where: { id: link.id, status: "pending" }, data: { status: "rejected" } });
  if (count === 0) throw notPending((await linkRequestOrThrow(platformId, intentId, now)).status);
  return toLinkView(await linkRequestOrThrow(platformId, intentId, now));
}

// ---------- for other domains (secure payments) ----------

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
  return { linkId: row.id, intentId: row.intentId, orchestratorId: row.orchestratorId, clientIdId: row.clientIdId, method: row.method, linkedAt: row.linkedAt };
}

/** Whether the orchestrator may act for this client ID now (an active link between them). */
export async function isLinked(orchestratorId: string, clientIdId: string): Promise<boolean> {
  return (await findActiveLink(clientIdId))?.orchestratorId === orchestratorId;
}
