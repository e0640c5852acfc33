// The orchestrator's side of links (x-orchestrator-key): hosted onboarding requests it opens,
// its links listed, read and ended. The model is described in links.ts.

import { clientIdIdByValue } from "../client-ids";
import { db } from "../db/client";
import type { LinkStatus } from "../db/generated/client";
import { conflict, notFound } from "../http/errors";
import { isUuid } from "../ids/ids";
import {
  expireStale,
  INCLUDE,
  LINK_NOT_FOUND,
  LINK_REQUEST_TTL_MS,
  type LinkRow,
  toLinkView,
  withClient,
  withClients,
} from "./links";
import type { LinkAnswer } from "./schemas";

export interface LinkRequestInput {
  externalId?: string;
  destinationId?: string;
  destinationWalletAddress?: string;
  chain?: string;
  currency?: string;
}

/** Starts hosted onboarding: a pending link whose onboardingUrl the platform opens. */
export async function createLinkRequest(
  orchestratorId: string,
  input: LinkRequestInput,
  now = new Date(),
): Promise<LinkAnswer> {
  const row = await (await db()).orchestratorLink.create({
    data: {
      orchestratorId,
      method: "hosted",
      status: "pending",
      ...input,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_REQUEST_TTL_MS),
    },
    include: INCLUDE,
  });
  return toLinkView(await withClient(row));
}

export interface LinkFilter {
  status?: LinkStatus;
  externalId?: string;
  clientId?: string;
  limit: number;
}

/** The orchestrator's links (direct and hosted), newest first. */
export async function listOrchestratorLinks(
  orchestratorId: string,
  filter: LinkFilter,
  now = new Date(),
): Promise<LinkAnswer[]> {
  await expireStale({ orchestratorId }, now);
  // A client ID named by its public value: its links are those of its internal id (none if unknown).
  const clientIdId = filter.clientId !== undefined ? await clientIdIdByValue(filter.clientId) : undefined;
  if (clientIdId === null) return [];
  const rows = await (await db()).orchestratorLink.findMany({
    where: {
      orchestratorId,
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.externalId !== undefined ? { externalId: filter.externalId } : {}),
      ...(clientIdId !== undefined ? { clientIdId } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: filter.limit,
    include: INCLUDE,
  });
  return (await withClients(rows)).map(toLinkView);
}

async function orchestratorLinkOrThrow(orchestratorId: string, linkId: string): Promise<LinkRow> {
  const row = isUuid(linkId)
    ? await (await db()).orchestratorLink.findFirst({ where: { id: linkId, orchestratorId }, include: INCLUDE })
    : null;
  if (!row) throw notFound("link_not_found", LINK_NOT_FOUND);
  return withClient(row);
}

export async function getOrchestratorLink(
  orchestratorId: string,
  linkId: string,
  now = new Date(),
): Promise<LinkAnswer> {
  await orchestratorLinkOrThrow(orchestratorId, linkId);
  await expireStale({ id: linkId }, now);
  return toLinkView(await orchestratorLinkOrThrow(orchestratorId, linkId));
}

/** The orchestrator withdraws a pending request (`cancelled`) or ends an active link (`unlinked`). */
export async function endOrchestratorLink(
  orchestratorId: string,
  linkId: string,
  now = new Date(),
): Promise<LinkAnswer> {
  await orchestratorLinkOrThrow(orchestratorId, linkId);
  await expireStale({ id: linkId }, now);
  const prisma = await db();
  const cancelled = await prisma.orchestratorLink.updateMany({
    where: { id: linkId, orchestratorId, status: "pending" },
    data: { status: "cancelled" },
  });
  if (cancelled.count === 0) {
    const unlinked = await prisma.orchestratorLink.updateMany({
      where: { id: linkId, orchestratorId, status: "active" },
      data: { status: "unlinked", unlinkedAt: now },
    });
    if (unlinked.count === 0) {
      const { status } = await orchestratorLinkOrThrow(orchestratorId, linkId);
      throw conflict("link_ended", `This link has already ended (status ${status})`);
    }
  }
  return toLinkView(await orchestratorLinkOrThrow(orchestratorId, linkId));
}
