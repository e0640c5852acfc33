// The platform's side of links (x-api-key or session): its client IDs linked directly, hosted
// onboarding requests seen, approved or rejected from their onboarding URL. The model is
// described in links.ts.

import { CLIENT_ID_NOT_FOUND, clientIdIdsOf, findOwnClientId, getClientIdOrThrow, lockClientId } from "../client-ids";
import { db } from "../db/client";
import type { LinkStatus } from "../db/generated/client";
import { ApiError, conflict, notFound } from "../http/errors";
import { isUuid } from "../ids/ids";
import { findOrchestrator } from "./accounts";
import { onClientIdLinked } from "./link-events";
import {
  activeLinkOf,
  assertLinkable,
  expireStale,
  INCLUDE,
  type IntentRef,
  type LinkRow,
  REQUEST_NOT_FOUND,
  toLinkedLink,
  toLinkView,
  withClient,
  withClients,
} from "./links";
import { isOnboardingKey } from "./onboarding-key";
import type { LinkAnswer } from "./schemas";

/** The active orchestrator link of the platform's client ID. */
export async function getClientIdLink(platformId: string, id: string): Promise<LinkAnswer> {
  const client = await getClientIdOrThrow(platformId, id);
  const link = await activeLinkOf(await db(), client.id);
  if (!link) throw notFound("client_id_not_linked", "This client ID is not linked to an orchestrator");
  return toLinkView(link);
}

/**
 * Links the platform's client ID to an orchestrator directly. Linking again to the same
 * orchestrator answers the existing link (`created: false`); another orchestrator's active
 * link must be removed first.
 */
export async function linkClientIdDirect(
  platformId: string,
  id: string,
  orchestratorId: string,
  now = new Date(),
): Promise<{ link: LinkAnswer; created: boolean }> {
  const client = await getClientIdOrThrow(platformId, id);
  const orchestrator = await findOrchestrator(orchestratorId);
  if (!orchestrator) throw notFound("orchestrator_not_found", "Orchestrator not found");
  return (await db()).$transaction(async (tx) => {
    assertLinkable(await lockClientId(tx, client.id));
    const existing = await activeLinkOf(tx, client.id);
    if (existing?.orchestratorId === orchestrator.id) return { link: toLinkView(existing), created: false };
    if (existing)
      throw conflict(
        "client_id_linked_elsewhere",
        `This client ID is already linked to another orchestrator (${existing.orchestrator.name}); unlink it first`,
      );
    const row = await tx.orchestratorLink.create({
      data: {
        orchestratorId: orchestrator.id,
        clientIdId: client.id,
        method: "direct",
        status: "active",
        createdAt: now,
        linkedAt: now,
      },
      include: INCLUDE,
    });
    return { link: toLinkView(await withClient(row, tx)), created: true };
  });
}

/** Ends the active link of the platform's client ID. */
export async function unlinkClientId(platformId: string, id: string, now = new Date()): Promise<LinkAnswer> {
  const client = await getClientIdOrThrow(platformId, id);
  const prisma = await db();
  const link = await activeLinkOf(prisma, client.id);
  const { count } = link
    ? await prisma.orchestratorLink.updateMany({
        where: { id: link.id, status: "active" },
        data: { status: "unlinked", unlinkedAt: now },
      })
    : { count: 0 };
  if (!link || count === 0) throw notFound("client_id_not_linked", "This client ID is not linked to an orchestrator");
  return toLinkView(
    await withClient((await prisma.orchestratorLink.findUnique({ where: { id: link.id }, include: INCLUDE }))!),
  );
}

/** The links of the platform's client IDs (direct and approved hosted ones), newest first. */
export async function listPlatformLinks(platformId: string, limit = 200): Promise<LinkAnswer[]> {
  const rows = await (await db()).orchestratorLink.findMany({
    where: { clientIdId: { in: await clientIdIdsOf(platformId) } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: limit,
    include: INCLUDE,
  });
  return (await withClients(rows)).map(toLinkView);
}

/**
 * A hosted link request as the platform's dashboard sees it. The onboarding URL's key is the
 * capability: a signed-in platform holding it sees an open (or refused) request, and the
 * intent id alone (which events and lists carry) shows nothing; once approved, the link
 * belongs to the approving platform and is "not found" for every other one, key or not.
 */
function visibleTo(row: LinkRow | null, platformId: string, key: string | undefined): row is LinkRow {
  if (!row) return false;
  if (row.status === "active" || row.status === "unlinked") return row.clientId?.platformId === platformId;
  return row.method === "hosted" && isOnboardingKey(row.intentId, key);
}

async function linkRequestOrThrow(platformId: string, ref: IntentRef, now: Date): Promise<LinkRow> {
  const { intentId } = ref;
  if (!isUuid(intentId)) throw notFound("link_request_not_found", REQUEST_NOT_FOUND);
  await expireStale({ intentId }, now);
  const found = await (await db()).orchestratorLink.findUnique({ where: { intentId }, include: INCLUDE });
  const row = found && (await withClient(found));
  if (!visibleTo(row, platformId, ref.key)) throw notFound("link_request_not_found", REQUEST_NOT_FOUND);
  return row;
}

export async function getLinkRequest(platformId: string, ref: IntentRef, now = new Date()): Promise<LinkAnswer> {
  return toLinkView(await linkRequestOrThrow(platformId, ref, now));
}

function notPending(status: LinkStatus): ApiError {
  switch (status) {
    case "active":
      return conflict("link_request_approved", "This link request was already approved");
    case "unlinked":
      return conflict("link_request_unlinked", "This link request was approved and has since been unlinked");
    case "rejected":
      return conflict("link_request_rejected", "This link request was rejected");
    case "cancelled":
      return conflict("link_request_withdrawn", "The orchestrator withdrew this link request");
    default:
      return new ApiError(410, "link_request_expired", "This link request expired; ask the orchestrator for a new one");
  }
}

/**
 * The platform approves hosted onboarding with one of its active client IDs (public value or
 * internal id). A client ID linked to this same orchestrator is relinked (the old link ends);
 * one linked to another orchestrator must be unlinked first. Emits `client_id.linked`.
 */
export async function approveLinkRequest(
  platformId: string,
  ref: IntentRef,
  clientIdOrId: string,
  now = new Date(),
): Promise<LinkAnswer> {
  const { intentId } = ref;
  await linkRequestOrThrow(platformId, ref, now);
  const client = await findOwnClientId(platformId, clientIdOrId);
  if (!client) throw notFound("client_id_not_found", CLIENT_ID_NOT_FOUND);
  return (await db()).$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM orchestrator_links WHERE intent_id = ${intentId}::uuid FOR UPDATE`;
    const found = await tx.orchestratorLink.findUnique({ where: { intentId }, include: INCLUDE });
    const link = found && (await withClient(found, tx));
    if (!visibleTo(link, platformId, ref.key)) throw notFound("link_request_not_found", REQUEST_NOT_FOUND);
    if (link.status !== "pending") throw notPending(link.status);
    if (link.expiresAt && link.expiresAt <= now) throw notPending("expired");
    assertLinkable(await lockClientId(tx, client.id));
    const existing = await activeLinkOf(tx, client.id);
    if (existing && existing.orchestratorId !== link.orchestratorId) {
      throw conflict(
        "client_id_linked_elsewhere",
        `This client ID is already linked to another orchestrator (${existing.orchestrator.name}); unlink it first`,
      );
    }
    if (existing)
      await tx.orchestratorLink.update({ where: { id: existing.id }, data: { status: "unlinked", unlinkedAt: now } });
    const row = await tx.orchestratorLink.update({
      where: { id: link.id },
      data: { status: "active", clientIdId: client.id, linkedAt: now },
      include: INCLUDE,
    });
    const view = toLinkView(await withClient(row, tx));
    await onClientIdLinked(tx, toLinkedLink(view, platformId, client.id));
    return view;
  });
}

/** The platform declines hosted onboarding; the request cannot be approved afterwards. */
export async function rejectLinkRequest(platformId: string, ref: IntentRef, now = new Date()): Promise<LinkAnswer> {
  const link = await linkRequestOrThrow(platformId, ref, now);
  const prisma = await db();
  const { count } = await prisma.orchestratorLink.updateMany({
    where: { id: link.id, status: "pending" },
    data: { status: "rejected" },
  });
  if (count === 0) throw notPending((await linkRequestOrThrow(platformId, ref, now)).status);
  return toLinkView(await linkRequestOrThrow(platformId, ref, now));
}
