// An orchestrator's webhook endpoints: DELETE deactivates (URL and secret kept), PATCH
// reactivates, `?permanent=true` removes (manage-endpoints.ts); a URL is registered once per
// orchestrator.

import { db } from "../db/client";
import type { Prisma, WebhookEndpoint } from "../db/generated/client";
import { conflict, notFound } from "../http/errors";
import {
  checkedUrl,
  createEndpoint,
  ENDPOINT_NOT_FOUND,
  endpointOrThrow,
  MAX_ENDPOINTS_PER_OWNER,
  setActive,
} from "./manage-endpoints";
import { defaultOutboundPolicy, type OutboundPolicy } from "./outbound-policy";
import type { OrchestratorEndpointAnswer } from "./schemas";

/** Registered in all, deactivated ones included (orchestrators keep those until they remove them). */
const MAX_REGISTERED_PER_ORCHESTRATOR = 100;

export function toOrchestratorView(row: WebhookEndpoint): OrchestratorEndpointAnswer {
  return { id: row.id, url: row.url, isActive: row.isActive, createdAt: row.createdAt };
}

/**
 * An orchestrator's endpoints are deactivated, not deleted (the interface, docs/interface.md), so the cap
 * counts active ones: changing a URL (deactivate the old, register the new) must work at the
 * cap. Registered ones in all are bounded too, and `DELETE …?permanent=true` makes room.
 * Call inside a transaction holding the orchestrator's row lock.
 */
/**
 * One change at a time to an orchestrator's endpoints, so two additions cannot both pass the
 * counts below. A transaction lock of our own: the orchestrators row belongs to orchestrators,
 * which emit their events through webhooks and so cannot be imported here.
 */
async function lockOrchestratorEndpoints(tx: Prisma.TransactionClient, orchestratorId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`webhook_endpoints:orchestrator:${orchestratorId}`}, 0))`;
}

async function assertOrchestratorRoom(
  tx: Prisma.TransactionClient,
  orchestratorId: string,
  opts: { adding: boolean },
): Promise<void> {
  const active = await tx.webhookEndpoint.count({ where: { orchestratorId, isActive: true } });
  if (active >= MAX_ENDPOINTS_PER_OWNER) {
    throw conflict(
      "webhook_endpoint_limit",
      `At most ${MAX_ENDPOINTS_PER_OWNER} active webhook endpoints: deactivate one first (DELETE /v2/orchestrators/webhooks/{id})`,
    );
  }
  if (
    opts.adding &&
    (await tx.webhookEndpoint.count({ where: { orchestratorId } })) >= MAX_REGISTERED_PER_ORCHESTRATOR
  ) {
    throw conflict(
      "webhook_endpoint_limit",
      `At most ${MAX_REGISTERED_PER_ORCHESTRATOR} webhook endpoints can be registered, deactivated ones included: remove deactivated ones for good with DELETE /v2/orchestrators/webhooks/{id}?permanent=true`,
    );
  }
}

export async function createOrchestratorEndpoint(
  orchestratorId: string,
  url: string,
  policy: OutboundPolicy = defaultOutboundPolicy(),
): Promise<{ webhook: OrchestratorEndpointAnswer; secret: string }> {
  const checked = await checkedUrl(url, policy);
  const { row, secret } = await createEndpoint(
    { platformId: null, clientIdId: null, orchestratorId, url: checked },
    async (tx) => {
      await lockOrchestratorEndpoints(tx, orchestratorId);
      await assertOrchestratorRoom(tx, orchestratorId, { adding: true });
    },
  );
  return { webhook: toOrchestratorView(row), secret };
}

/** Every endpoint of the orchestrator, inactive ones included. */
export async function listOrchestratorEndpoints(orchestratorId: string): Promise<OrchestratorEndpointAnswer[]> {
  const rows = await (await db()).webhookEndpoint.findMany({
    where: { orchestratorId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(toOrchestratorView);
}

export async function setOrchestratorEndpointActive(
  orchestratorId: string,
  id: string,
  isActive: boolean,
): Promise<OrchestratorEndpointAnswer> {
  if (!isActive) return toOrchestratorView(await setActive({ orchestratorId }, id, false));
  const row = await endpointOrThrow({ orchestratorId }, id);
  if (row.isActive) return toOrchestratorView(row);
  await (await db()).$transaction(async (tx) => {
    await lockOrchestratorEndpoints(tx, orchestratorId);
    await assertOrchestratorRoom(tx, orchestratorId, { adding: false });
    const { count } = await tx.webhookEndpoint.updateMany({ where: { id: row.id }, data: { isActive: true } });
    if (count === 0) throw notFound("webhook_endpoint_not_found", ENDPOINT_NOT_FOUND);
  });
  return toOrchestratorView(await endpointOrThrow({ orchestratorId }, id));
}
