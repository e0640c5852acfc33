// Webhook endpoints (`/docs`, tag "Webhooks"): what platform endpoints (client-id-endpoints.ts)
// and orchestrator endpoints (orchestrator-endpoints.ts) share — the owner's scope, creation
// under the owner's lock with its cap, the URL check, (de)activation and removal. The secret is
// answered only at creation. Every lookup is scoped to its owner: another owner's endpoint is
// "not found", exactly like a missing one.
import { randomUUID } from "node:crypto";
import { type AuditContext, changesBetween, recordAudit, redactedChange } from "../audit";
import { clientIdsByIds } from "../client-ids";
import { db } from "../db/client";
import { Prisma, type WebhookEndpoint } from "../db/generated/client";
import { conflict, notFound, validationError } from "../http/errors";
import { isUuid } from "../ids/ids";
import { checkWebhookUrl, type OutboundPolicy, RefusedDestination } from "./outbound-policy";
import { generateWebhookSecret } from "./sign-delivery";
import { sealWebhookSecret } from "./webhook-secret";

/** Endpoints receiving events, per client ID or orchestrator. */
export const MAX_ENDPOINTS_PER_OWNER = 20;
export const ENDPOINT_NOT_FOUND = "Webhook endpoint not found";

/** Whose endpoints: one client ID's, or (dashboard) any client ID's of a platform, or an orchestrator's. */
export type EndpointScope = { clientIdId: string } | { platformId: string } | { orchestratorId: string };

/** An endpoint with its client ID's public value, when it has one. */
export type Row = WebhookEndpoint & { clientId: { clientId: string } | null };

/** The endpoints with their client IDs' public values, asked of client-ids (which owns them). */
export async function withClientIds(rows: WebhookEndpoint[]): Promise<Row[]> {
  const clients = await clientIdsByIds(rows.flatMap((r) => (r.clientIdId ? [r.clientIdId] : [])));
  return rows.map((r) => {
    const client = r.clientIdId ? clients.get(r.clientIdId) : undefined;
    return { ...r, clientId: client ? { clientId: client.clientId } : null };
  });
}

function scopeWhere(scope: EndpointScope): Prisma.WebhookEndpointWhereInput {
  if ("clientIdId" in scope) return { clientIdId: scope.clientIdId };
  if ("platformId" in scope) return { platformId: scope.platformId, orchestratorId: null };
  return { orchestratorId: scope.orchestratorId };
}

/** The scope's endpoint, or a 404 that looks the same for foreign, missing and malformed ids. */
export async function endpointOrThrow(scope: EndpointScope, id: string): Promise<Row> {
  const row = isUuid(id) ? await (await db()).webhookEndpoint.findFirst({ where: { id, ...scopeWhere(scope) } }) : null;
  if (!row) throw notFound("webhook_endpoint_not_found", ENDPOINT_NOT_FOUND);
  return (await withClientIds([row]))[0];
}

export async function checkedUrl(url: string, policy: OutboundPolicy): Promise<string> {
  try {
    return await checkWebhookUrl(url, policy);
  } catch (err) {
    if (err instanceof RefusedDestination) throw validationError([{ field: "url", message: err.message }]);
    throw err;
  }
}

/**
 * Creates the endpoint; `makeRoom` runs first in the same transaction, and must lock the owner's
 * row and check its cap, so concurrent creations cannot pass the limit.
 */
export async function createEndpoint(
  data: {
    platformId: string | null;
    clientIdId: string | null;
    orchestratorId: string | null;
    url: string;
    clientIdActions?: unknown[];
    requestNetworkHeaders?: boolean;
  },
  makeRoom: (tx: Prisma.TransactionClient) => Promise<void>,
  audit?: AuditContext,
) {
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const prisma = await db();
  try {
    const row = await prisma.$transaction(async (tx) => {
      await makeRoom(tx);
      const clientIdActions = (data.clientIdActions ?? []) as Prisma.InputJsonArray;
      const created = await tx.webhookEndpoint.create({
        data: { id, ...data, clientIdActions, secretEncrypted: sealWebhookSecret(id, secret) },
      });
      if (audit)
        await recordAudit(tx, audit, {
          action: "webhook.created",
          target: { type: "webhook", id },
          changes: [
            ...changesBetween(null, created, ["url", "clientIdId", "requestNetworkHeaders", "isActive"]),
            redactedChange("secret"),
          ],
        });
      return created;
    });
    return { row: (await withClientIds([row]))[0], secret };
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      throw conflict(
        "webhook_url_taken",
        "This URL is already registered (perhaps inactive): reactivate that endpoint with PATCH instead",
      );
    }
    throw err;
  }
}

/** Changes an endpoint's settings; a concurrent delete makes it a 404, not an error. `audit`:
 * who (the platform's audit log entry, in the same transaction, when a value changed). */
export async function updateEndpointSettings(
  scope: EndpointScope,
  id: string,
  data: { isActive?: boolean; requestNetworkHeaders?: boolean },
  audit?: AuditContext,
): Promise<Row> {
  const row = await endpointOrThrow(scope, id);
  await (await db()).$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findUnique({ where: { id: row.id } });
    const { count } = await tx.webhookEndpoint.updateMany({ where: { id: row.id }, data });
    if (count === 0 || !before) throw notFound("webhook_endpoint_not_found", ENDPOINT_NOT_FOUND);
    const changes = changesBetween(before, { ...before, ...data }, ["isActive", "requestNetworkHeaders"]);
    if (audit && changes.length > 0)
      await recordAudit(tx, audit, { action: "webhook.updated", target: { type: "webhook", id: row.id }, changes });
  });
  return endpointOrThrow(scope, id);
}

/** Sets isActive; a concurrent delete makes it a 404, not an error. */
export async function setActive(
  scope: EndpointScope,
  id: string,
  isActive: boolean,
  audit?: AuditContext,
): Promise<Row> {
  return updateEndpointSettings(scope, id, { isActive }, audit);
}

/**
 * Gives the endpoint a new signing secret, answered only now. The current one becomes the
 * previous secret, which signs webhook-signature beside the new one until `overlapSeconds` have
 * passed (0: never again). A rotation during an overlap drops the older previous secret: at most
 * two secrets sign. docs/decisions/webhooks-secret-rotation.md.
 */
export async function rotateSecret(
  scope: EndpointScope,
  id: string,
  overlapSeconds: number,
  now = new Date(),
  audit?: AuditContext,
) {
  const row = await endpointOrThrow(scope, id);
  const secret = generateWebhookSecret();
  const previousSecretExpiresAt = overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null;
  // Only if the secret is still the one read: of two concurrent rotations, the second is a 409
  // rather than silently dropping the first one's secret before anyone stored it.
  const { count } = await (await db()).$transaction(async (tx) => {
    const rotated = await tx.webhookEndpoint.updateMany({
      where: { id: row.id, secretEncrypted: row.secretEncrypted },
      data: {
        secretEncrypted: sealWebhookSecret(row.id, secret),
        previousSecretEncrypted: previousSecretExpiresAt ? row.secretEncrypted : null,
        previousSecretExpiresAt,
      },
    });
    // The secrets, old and new, never reach the log: only that the secret changed.
    if (audit && rotated.count === 1)
      await recordAudit(tx, audit, {
        action: "webhook.secret_rotated",
        target: { type: "webhook", id: row.id },
        changes: [
          redactedChange("secret"),
          ...changesBetween(row, { previousSecretExpiresAt }, ["previousSecretExpiresAt"]),
        ],
      });
    return rotated;
  });
  if (count === 0)
    throw conflict(
      "webhook_secret_rotation_conflict",
      "The secret was rotated meanwhile, or the endpoint removed; look at the endpoint again before rotating",
    );
  return { id: row.id, secret, previousSecretExpiresAt };
}

/** Removes the endpoint and its delivery log for good; pending deliveries to it stop. An
 * orchestrator may then register its URL again. */
export async function deleteEndpoint(
  scope: EndpointScope,
  id: string,
  audit?: AuditContext,
): Promise<{ id: string; deleted: true }> {
  const row = await endpointOrThrow(scope, id);
  await (await db()).$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.deleteMany({ where: { id: row.id } });
    if (count === 0) throw notFound("webhook_endpoint_not_found", ENDPOINT_NOT_FOUND);
    if (audit)
      await recordAudit(tx, audit, {
        action: "webhook.deleted",
        target: { type: "webhook", id: row.id },
        changes: changesBetween(row, null, ["url"]),
      });
  });
  return { id: row.id, deleted: true };
}

/** For the test event: the scope's active endpoints, or the one named. */
export async function activeEndpointsOf(scope: EndpointScope, only?: string): Promise<Row[]> {
  if (only !== undefined) {
    const one = await endpointOrThrow(scope, only);
    if (!one.isActive)
      throw conflict("webhook_endpoint_inactive", "This webhook endpoint is inactive; activate it first");
    return [one];
  }
  return withClientIds(
    await (await db()).webhookEndpoint.findMany({
      where: { ...scopeWhere(scope), isActive: true },
      orderBy: { createdAt: "asc" },
    }),
  );
}
