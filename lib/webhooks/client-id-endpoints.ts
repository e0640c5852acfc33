// A client ID's webhook endpoints (the platform's): registered with the client ID, an API key or
// the dashboard session, activated, deactivated, deleted for good (manage-endpoints.ts). What was
// done with the client ID alone is recorded on the endpoint and shown in the dashboard.

import type { AuditContext } from "../audit";
import { lockClientId } from "../client-ids";
import { db } from "../db/client";
import { conflict } from "../http/errors";
import {
  checkedUrl,
  createEndpoint,
  type EndpointScope,
  endpointOrThrow,
  MAX_ENDPOINTS_PER_OWNER,
  type Row,
  updateEndpointSettings,
  withClientIds,
} from "./manage-endpoints";
import { defaultOutboundPolicy, type OutboundPolicy } from "./outbound-policy";
import type { ClientIdAction, PlatformEndpointAnswer } from "./schemas";

const KEPT_ACTIONS = 20;

/** The changes made with the client ID alone, as stored (the wire form, in a JSON column). */
function storedActions(row: Row): ClientIdAction[] {
  return Array.isArray(row.clientIdActions) ? (row.clientIdActions as unknown as ClientIdAction[]) : [];
}

export function toPlatformView(row: Row): PlatformEndpointAnswer {
  return {
    id: row.id,
    url: row.url,
    isActive: row.isActive,
    clientId: row.clientId?.clientId ?? null,
    requestNetworkHeaders: row.requestNetworkHeaders,
    clientIdActions: storedActions(row).map((a) => ({ ...a, at: new Date(a.at) })),
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? row.previousSecretExpiresAt : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * `byClientIdAlone`: where the registration came from, when no API key or session vouched for it.
 * `requestNetworkHeaders`: deliveries also carry the hosted service's header names (sign-delivery.ts).
 */
export async function createPlatformEndpoint(
  client: { id: string; platformId: string },
  url: string,
  policy: OutboundPolicy = defaultOutboundPolicy(),
  byClientIdAlone?: Omit<ClientIdAction, "action">,
  options: { requestNetworkHeaders?: boolean } = {},
  audit?: AuditContext,
): Promise<{ id: string; secret: string }> {
  const clientIdActions = byClientIdAlone ? [{ action: "registered" as const, ...byClientIdAlone }] : [];
  const { row, secret } = await createEndpoint(
    {
      platformId: client.platformId,
      clientIdId: client.id,
      orchestratorId: null,
      url: await checkedUrl(url, policy),
      clientIdActions,
      requestNetworkHeaders: options.requestNetworkHeaders ?? false,
    },
    async (tx) => {
      await lockClientId(tx, client.id);
      if ((await tx.webhookEndpoint.count({ where: { clientIdId: client.id } })) >= MAX_ENDPOINTS_PER_OWNER) {
        throw conflict(
          "webhook_endpoint_limit",
          `At most ${MAX_ENDPOINTS_PER_OWNER} webhook endpoints can be registered here; delete one first`,
        );
      }
    },
    audit,
  );
  return { id: row.id, secret };
}

export async function listPlatformEndpoints(clientIdId: string): Promise<PlatformEndpointAnswer[]> {
  const rows = await (await db()).webhookEndpoint.findMany({
    where: { clientIdId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return (await withClientIds(rows)).map(toPlatformView);
}

/** One endpoint of a client ID (the dashboard's endpoint page); another client ID's is not found. */
export async function getPlatformEndpoint(clientIdId: string, id: string): Promise<PlatformEndpointAnswer> {
  return toPlatformView(await endpointOrThrow({ clientIdId }, id));
}

export async function setPlatformEndpointActive(
  scope: EndpointScope,
  id: string,
  isActive: boolean,
  byClientIdAlone?: Omit<ClientIdAction, "action">,
  audit?: AuditContext,
): Promise<PlatformEndpointAnswer> {
  const row = await updateEndpointSettings(scope, id, { isActive }, audit);
  if (!byClientIdAlone) return toPlatformView(row);
  const action: ClientIdAction = { action: isActive ? "activated" : "deactivated", ...byClientIdAlone };
  // Appended in one statement (concurrent changes each keep theirs), the newest KEPT_ACTIONS kept.
  await (await db()).$executeRaw`
    UPDATE webhook_endpoints SET client_id_actions = (
       SELECT COALESCE(jsonb_agg(a ORDER BY n), '[]'::jsonb) FROM (
         SELECT a, n FROM jsonb_array_elements(client_id_actions || ${JSON.stringify([action])}::jsonb) WITH ORDINALITY AS t(a, n)
         ORDER BY n DESC LIMIT ${KEPT_ACTIONS}) kept)
     WHERE id = ${row.id}::uuid`;
  return toPlatformView(await endpointOrThrow(scope, id));
}

/** PUT /v1/webhook/{id}: the hosted service's header names on or off, and/or (de)activation. */
export async function updatePlatformEndpoint(
  scope: EndpointScope,
  id: string,
  change: { isActive?: boolean; requestNetworkHeaders?: boolean },
  byClientIdAlone?: Omit<ClientIdAction, "action">,
  audit?: AuditContext,
): Promise<PlatformEndpointAnswer> {
  if (change.requestNetworkHeaders !== undefined)
    await updateEndpointSettings(scope, id, { requestNetworkHeaders: change.requestNetworkHeaders }, audit);
  if (change.isActive !== undefined)
    return setPlatformEndpointActive(scope, id, change.isActive, byClientIdAlone, audit);
  return toPlatformView(await endpointOrThrow(scope, id));
}
