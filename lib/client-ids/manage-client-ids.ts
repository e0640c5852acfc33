// A platform's client IDs: create, list, read, change, pause and revoke. Every lookup is
// scoped to the platform: another platform's id (or a malformed one) is "not found".

import { type AuditContext, changesBetween, recordAudit } from "../audit";
import { db } from "../db/client";
import { type ClientId as ClientIdRow, type ClientIdStatus, Prisma } from "../db/generated/client";
import { badRequest, notFound, validationError } from "../http/errors";
import { isUuid } from "../ids/ids";
import { resolvePayeeDestination } from "../payee-destinations";
import { AUDITED_CLIENT_ID_FIELDS, createClientIdRecord } from "./create-client-id";
import { feePercentageToBasisPoints } from "./fee-percentage";
import { forgetResolvedClientIds } from "./resolve";
import type { ClientIdListItemAnswer, ClientIdRecordAnswer, CreateClientIdBody, UpdateClientIdBody } from "./schemas";

export const CLIENT_ID_NOT_FOUND = "Client ID not found";
const REVOKED_MESSAGE = "This client ID is revoked; a revoked client ID cannot be changed or reactivated";

export function toClientIdRecord(row: ClientIdRow): ClientIdRecordAnswer {
  return {
    id: row.id,
    clientId: row.clientId,
    label: row.label,
    allowedDomains: row.allowedDomains,
    feePercentage: row.feePercentage,
    feeAddress: row.feeAddress,
    operatorWalletAddress: row.operatorWalletAddress,
    defaultPreApprovalExpiry: row.defaultPreApprovalExpiry,
    defaultAuthorizationExpiry: row.defaultAuthorizationExpiry,
    status: row.status,
    webhookRegistrationByClientId: row.webhookRegistrationByClientId,
    payeeDestinationId: row.payeeDestinationId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastUsedAt: row.lastUsedAt,
  };
}

export function toClientIdListItem(row: ClientIdRow): ClientIdListItemAnswer {
  const r = toClientIdRecord(row);
  return {
    id: r.id,
    clientId: r.clientId,
    label: r.label,
    allowedDomains: r.allowedDomains,
    status: r.status,
    createdAt: r.createdAt,
    lastUsedAt: r.lastUsedAt,
  };
}

/** A fee above 0 must say where it goes. */
function checkFee(feePercentage: string | null | undefined, feeAddress: string | null | undefined): void {
  if (feePercentage && (feePercentageToBasisPoints(feePercentage) ?? 0) > 0 && !feeAddress) {
    throw validationError([{ field: "feeAddress", message: "is required when feePercentage is above 0" }]);
  }
}

/** A destination to bind: the platform's own and active (404, 409 otherwise), in canonical form. */
async function bindable(platformId: string, destinationId: string): Promise<string> {
  return (await resolvePayeeDestination(platformId, destinationId)).destinationId;
}

export async function createClientId(
  platformId: string,
  input: CreateClientIdBody,
  audit: AuditContext,
): Promise<ClientIdRecordAnswer> {
  checkFee(input.feePercentage, input.feeAddress);
  const payeeDestinationId =
    input.payeeDestinationId === undefined ? undefined : await bindable(platformId, input.payeeDestinationId);
  return toClientIdRecord(await createClientIdRecord(platformId, { ...input, payeeDestinationId }, audit));
}

/** Newest first, revoked ones included (their status says so). */
export async function listClientIds(platformId: string): Promise<ClientIdListItemAnswer[]> {
  const rows = await (await db()).clientId.findMany({
    where: { platformId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map(toClientIdListItem);
}

/** The platform's own client ID row, or a 404 that looks the same for foreign and missing ids. */
export async function getClientIdOrThrow(platformId: string, id: string): Promise<ClientIdRow> {
  const row = isUuid(id) ? await (await db()).clientId.findFirst({ where: { id, platformId } }) : null;
  if (!row) throw notFound("client_id_not_found", CLIENT_ID_NOT_FOUND);
  return row;
}

export async function getClientId(platformId: string, id: string): Promise<ClientIdRecordAnswer> {
  return toClientIdRecord(await getClientIdOrThrow(platformId, id));
}

/** What a revoke also ends, in its transaction: the client ID's orchestrator link (orchestrators'
 * endLinkOf, passed where both are visible: lib/orchestrators/operations.ts). */
export type EndLinks = (tx: Prisma.TransactionClient, clientIdId: string, now: Date) => Promise<void>;

/** Changes the fields sent; `status: revoked` revokes (revokeClientId, with `endLinks`). */
export async function updateClientId(
  platformId: string,
  id: string,
  patch: UpdateClientIdBody,
  endLinks: EndLinks,
  audit: AuditContext,
): Promise<ClientIdRecordAnswer> {
  const current = await getClientIdOrThrow(platformId, id);
  if (current.status === "revoked") throw badRequest("client_id_revoked", REVOKED_MESSAGE);
  const { status, ...fields } = patch;
  checkFee(
    fields.feePercentage !== undefined ? fields.feePercentage : current.feePercentage,
    fields.feeAddress !== undefined ? fields.feeAddress : current.feeAddress,
  );
  if (fields.payeeDestinationId) fields.payeeDestinationId = await bindable(platformId, fields.payeeDestinationId);
  if (status === "revoked") {
    // Revoking through PUT may carry other changes: apply them first, then revoke.
    if (Object.values(fields).some((v) => v !== undefined)) await applyUpdate(platformId, id, fields, audit);
    return revokeClientId(platformId, id, endLinks, audit);
  }
  return toClientIdRecord(await applyUpdate(platformId, id, { ...fields, ...(status ? { status } : {}) }, audit));
}

async function applyUpdate(
  platformId: string,
  id: string,
  data: Omit<UpdateClientIdBody, "status"> & { status?: "active" | "inactive" },
  audit: AuditContext,
): Promise<ClientIdRow> {
  const prisma = await db();
  // Conditional on "not revoked": a revoke that lands between the read and this write wins.
  const { count } = await prisma.$transaction(async (tx) => {
    const before = await tx.clientId.findFirst({ where: { id, platformId } });
    const updated = await tx.clientId.updateMany({ where: { id, platformId, status: { not: "revoked" } }, data });
    const after = updated.count === 1 ? await tx.clientId.findFirst({ where: { id, platformId } }) : null;
    const changes = after ? changesBetween(before, after, AUDITED_CLIENT_ID_FIELDS) : [];
    if (changes.length > 0)
      await recordAudit(tx, audit, { action: "client_id.updated", target: { type: "client_id", id }, changes });
    return updated;
  });
  await forgetResolvedClientIds();
  if (count === 0) {
    const now = await prisma.clientId.findFirst({ where: { id, platformId } });
    if (!now) throw notFound("client_id_not_found", CLIENT_ID_NOT_FOUND);
    throw badRequest("client_id_revoked", REVOKED_MESSAGE);
  }
  return getClientIdOrThrow(platformId, id);
}

/** Locks the client ID's row until the transaction ends; its status, or null when there is none. */
export async function lockClientId(tx: Prisma.TransactionClient, id: string): Promise<ClientIdStatus | null> {
  const rows = await tx.$queryRaw<
    { status: ClientIdStatus }[]
  >`SELECT status::text AS status FROM client_ids WHERE id = ${id}::uuid FOR UPDATE`;
  return rows[0]?.status ?? null;
}

/**
 * Revokes permanently: the client ID authenticates nothing from now on, and `endLinks` ends its
 * orchestrator link (if any) in the same transaction. Revoking a revoked client ID changes
 * nothing and answers the same record.
 */
export async function revokeClientId(
  platformId: string,
  id: string,
  endLinks: EndLinks,
  audit: AuditContext,
  now = new Date(),
): Promise<ClientIdRecordAnswer> {
  const before = await getClientIdOrThrow(platformId, id);
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.clientId.updateMany({
      where: { id, platformId, status: { not: "revoked" } },
      data: { status: "revoked", revokedAt: now },
    });
    if (count === 1) {
      await endLinks(tx, id, now);
      await recordAudit(tx, audit, {
        action: "client_id.revoked",
        target: { type: "client_id", id },
        changes: changesBetween(before, { status: "revoked" }, ["status"]),
      });
    }
  });
  await forgetResolvedClientIds();
  return toClientIdRecord(await getClientIdOrThrow(platformId, id));
}

/** Public values (`cid_…`) and platforms of client IDs by internal id, for other domains' views
 * (a link, a webhook endpoint names its client ID). Ids without a row are left out. */
export async function clientIdsByIds(
  ids: readonly string[],
  tx?: Prisma.TransactionClient,
): Promise<Map<string, { clientId: string; platformId: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await (tx ?? (await db())).clientId.findMany({
    where: { id: { in: unique } },
    select: { id: true, clientId: true, platformId: true },
  });
  return new Map(rows.map((r) => [r.id, { clientId: r.clientId, platformId: r.platformId }]));
}

/** The internal id of the client ID with this public value (`cid_…`), whichever platform's; null when none. */
export async function clientIdIdByValue(clientId: string): Promise<string | null> {
  if (clientId.includes("\u0000")) return null; // PostgreSQL text cannot hold NUL: no client ID has one
  const row = await (await db()).clientId.findUnique({ where: { clientId }, select: { id: true } });
  return row?.id ?? null;
}

/** Internal ids of the platform's client IDs, revoked ones included. */
export async function clientIdIdsOf(platformId: string, tx?: Prisma.TransactionClient): Promise<string[]> {
  const rows = await (tx ?? (await db())).clientId.findMany({ where: { platformId }, select: { id: true } });
  return rows.map((r) => r.id);
}

/** Whether the client ID's owner lets it manage webhooks alone (its webhookRegistrationByClientId setting). */
export async function allowsWebhooksByClientIdAlone(id: string): Promise<boolean> {
  const row = await (await db()).clientId.findUnique({
    where: { id },
    select: { webhookRegistrationByClientId: true },
  });
  return row?.webhookRegistrationByClientId ?? false;
}

// SQL fragments for other domains' statements that must stay one statement (the outbox's
// recipients, settlement's locked requests): client_ids is read here, where it is owned.

/** `(SELECT client_id …)`: the public value of the client ID whose internal id is `idColumn`, or NULL. */
export function publicClientIdSql(idColumn: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT c.client_id FROM client_ids c WHERE c.id = ${idColumn})`;
}

/** `SELECT id …`: the internal ids of the platform's client IDs that are not revoked, for `IN (…)`. */
export function unrevokedClientIdsSql(platformId: string): Prisma.Sql {
  return Prisma.sql`SELECT id FROM client_ids WHERE platform_id = ${platformId}::uuid AND status <> 'revoked'`;
}

/** The platform's client ID by its public value (`cid_…`) or internal id; null when not its own. */
export async function findOwnClientId(platformId: string, clientIdOrId: string): Promise<ClientIdRow | null> {
  if (clientIdOrId.includes("\u0000")) return null; // PostgreSQL text cannot hold NUL: no client ID has one
  const prisma = await db();
  const row = await prisma.clientId.findFirst({
    where: { platformId, OR: [{ clientId: clientIdOrId }, ...(isUuid(clientIdOrId) ? [{ id: clientIdOrId }] : [])] },
  });
  return row;
}
