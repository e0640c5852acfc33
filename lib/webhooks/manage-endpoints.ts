// Webhook endpoints (SERVICE.md §4.10). Platform endpoints belong to a client ID: activated,
// deactivated, deleted for good. Orchestrator endpoints belong to an orchestrator: DELETE only
// deactivates (URL and secret kept) and PATCH reactivates; a URL is registered once per
// orchestrator. The secret is answered only at creation. Every lookup is scoped to its owner:
// another owner's endpoint is "not found", exactly like a missing one.
import { randomUUID } from "node:crypto";
import { ApiError, conflict, notFound, validationError } from "../api/errors";
import { isUuid } from "../client-ids/manage-client-ids";
import { db } from "../db/client";
import { Prisma, type WebhookEndpoint } from "../db/generated/client";
import { checkWebhookUrl, defaultOutboundPolicy, RefusedDestination, type OutboundPolicy } from "./outbound-policy";
import { generateWebhookSecret } from "./sign-delivery";
import { sealWebhookSecret } from "./webhook-secret";

export const MAX_ENDPOINTS_PER_OWNER = 20;
export const ENDPOINT_NOT_FOUND = "Webhook endpoint not found";

/** Whose endpoints: one client ID's, or (dashboard) any client ID's of a platform, or an orchestrator's. */
export type EndpointScope = { clientIdId: string } | { platformId: string } | { orchestratorId: string };

export interface PlatformEndpointView {
  id: string;
  url: string;
  isActive: boolean;
  clientId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface OrchestratorEndpointView {
  id: string;
  url: string;
  isActive: boolean;
  createdAt: string;
}

type Row = WebhookEndpoint & { clientId: { clientId: string } | null };
const INCLUDE = { clientId: { select: { clientId: true } } } as const;

export function toPlatformView(row: Row): PlatformEndpointView {
  return {
    id: row.id,
    url: row.url,
    isActive: row.isActive,
    clientId: row.clientId?.clientId ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toOrchestratorView(row: WebhookEndpoint): OrchestratorEndpointView {
  return { id: row.id, url: row.url, isActive: row.isActive, createdAt: row.createdAt.toISOString() };
}

function scopeWhere(scope: EndpointScope): Prisma.WebhookEndpointWhereInput {
  if ("clientIdId" in scope) return { clientIdId: scope.clientIdId };
  if ("platformId" in scope) return { platformId: scope.platformId, orchestratorId: null };
  return { orchestratorId: scope.orchestratorId };
}

/** The scope's endpoint, or a 404 that looks the same for foreign, missing and malformed ids. */
export async function endpointOrThrow(scope: EndpointScope, id: string): Promise<Row> {
  const row = isUuid(id) ? await (await db()).webhookEndpoint.findFirst({ where: { id, ...scopeWhere(scope) }, include: INCLUDE }) : null;
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return row;
}

async function checkedUrl(url: string, policy: OutboundPolicy): Promise<string> {
  try {
    return await checkWebhookUrl(url, policy);
  } catch (err) {
    if (err instanceof RefusedDestination) throw validationError([{ field: "url", message: err.message }]);
    throw err;
  }
}

async function createEndpoint(data: { platformId: string | null; clientIdId: string | null; orchestratorId: string | null; url: string }) {
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const prisma = await db();
  const owner = data.orchestratorId ? { orchestratorId: data.orchestratorId } : { clientIdId: data.clientIdId };
  try {
    const row = await prisma.$transaction(async (tx) => {
      // Counted under a lock on the owner's rows so concurrent creations cannot pass the limit.
      if (data.orchestratorId) await tx.$queryRaw`SELECT id FROM orchestrators WHERE id = ${data.orchestratorId}::uuid FOR UPDATE`;
      else await tx.$queryRaw`SELECT id FROM client_ids WHERE id = ${data.clientIdId}::uuid FOR UPDATE`;
      const count = await tx.webhookEndpoint.count({ where: owner });
      if (count >= MAX_ENDPOINTS_PER_OWNER) {
        throw conflict(`At most ${MAX_ENDPOINTS_PER_OWNER} webhook endpoints can be registered here; delete one first`);
      }
      return tx.webhookEndpoint.create({ data: { id, ...data, secretEncrypted: sealWebhookSecret(id, secret) }, include: INCLUDE });
    });
    return { row, secret };
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      throw conflict("This URL is already registered (perhaps inactive): reactivate that endpoint with PATCH instead");
    }
    throw err;
  }
}

// ---------- platform endpoints (client ID) ----------

export async function createPlatformEndpoint(
  client: { id: string; platformId: string },
  url: string,
  policy: OutboundPolicy = defaultOutboundPolicy(),
): Promise<{ id: string; secret: string }> {
  const { row, secret } = await createEndpoint({ platformId: client.platformId, clientIdId: client.id, orchestratorId: null, url: await checkedUrl(url, policy) });
  return { id: row.id, secret };
}

export async function listPlatformEndpoints(clientIdId: string): Promise<PlatformEndpointView[]> {
  const rows = await (await db()).webhookEndpoint.findMany({ where: { clientIdId }, include: INCLUDE, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map(toPlatformView);
}

/** One endpoint of a client ID (the dashboard's endpoint page); another client ID's is not found. */
export async function getPlatformEndpoint(clientIdId: string, id: string): Promise<PlatformEndpointView> {
  return toPlatformView(await endpointOrThrow({ clientIdId }, id));
}

/** Sets isActive; a concurrent delete makes it a 404, not an error. */
async function setActive(scope: EndpointScope, id: string, isActive: boolean): Promise<Row> {
  const row = await endpointOrThrow(scope, id);
  const { count } = await (await db()).webhookEndpoint.updateMany({ where: { id: row.id }, data: { isActive } });
  if (count === 0) throw notFound(ENDPOINT_NOT_FOUND);
  return endpointOrThrow(scope, id);
}

export async function setPlatformEndpointActive(scope: EndpointScope, id: string, isActive: boolean): Promise<PlatformEndpointView> {
  return toPlatformView(await setActive(scope, id, isActive));
}

/** Removes the endpoint and its delivery log for good; pending deliveries to it stop. */
export async function deletePlatformEndpoint(scope: EndpointScope, id: string): Promise<{ id: string; deleted: true }> {
  const row = await endpointOrThrow(scope, id);
  const { count } = await (await db()).webhookEndpoint.deleteMany({ where: { id: row.id } });
  if (count === 0) throw notFound(ENDPOINT_NOT_FOUND);
  return { id: row.id, deleted: true };
}

// ---------- orchestrator endpoints ----------

export async function createOrchestratorEndpoint(
  orchestratorId: string,
  url: string,
  policy: OutboundPolicy = defaultOutboundPolicy(),
): Promise<{ webhook: OrchestratorEndpointView; secret: string }> {
  const checked = await checkedUrl(url, policy);
  const { row, secret } = await createEndpoint({ platformId: null, clientIdId: null, orchestratorId, url: checked });
  return { webhook: toOrchestratorView(row), secret };
}

/** Every endpoint of the orchestrator, inactive ones included. */
export async function listOrchestratorEndpoints(orchestratorId: string): Promise<OrchestratorEndpointView[]> {
  const rows = await (await db()).webhookEndpoint.findMany({ where: { orchestratorId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map(toOrchestratorView);
}

export async function setOrchestratorEndpointActive(orchestratorId: string, id: string, isActive: boolean): Promise<OrchestratorEndpointView> {
  return toOrchestratorView(await setActive({ orchestratorId }, id, isActive));
}

/** For the test event: the scope's active endpoints, or the one named. */
export async function activeEndpointsOf(scope: EndpointScope, only?: string): Promise<Row[]> {
  if (only !== undefined) {
    const one = await endpointOrThrow(scope, only);
    if (!one.isActive) throw new ApiError(409, "This webhook endpoint is inactive; activate it first");
    return [one];
  }
  return (await db()).webhookEndpoint.findMany({ where: { ...scopeWhere(scope), isActive: true }, include: INCLUDE, orderBy: { createdAt: "asc" } });
}
