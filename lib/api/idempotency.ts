// `Idempotency-Key` on POST: the first response for (credential, key) is stored; the same key
// with the same body within 24 h replays it, with another body it is a 409. A key whose first
// request is still running is a 409 too, so a double-click never runs the work twice.
import { createHash } from "node:crypto";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { badRequest, conflict } from "../http/errors";

const TTL_MS = 24 * 60 * 60_000;

export type IdempotencyStart = { kind: "new" } | { kind: "replay"; status: number; body: string };

export function requestHash(method: string, path: string, body: string): string {
  return createHash("sha256").update(`${method}\n${path}\n${body}`).digest("hex");
}

export async function beginIdempotent(
  credential: string,
  key: string,
  hash: string,
  now = new Date(),
): Promise<IdempotencyStart> {
  if (key.length === 0 || key.length > 255)
    throw badRequest("idempotency_key_invalid", "Idempotency-Key must be 1 to 255 characters");
  const prisma = await db();
  const expired = new Date(now.getTime() - TTL_MS);
  await prisma.idempotencyKey.deleteMany({ where: { credential, key, createdAt: { lt: expired } } });
  try {
    await prisma.idempotencyKey.create({ data: { credential, key, requestHash: hash, createdAt: now } });
    return { kind: "new" };
  } catch (err) {
    if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
  }
  const row = await prisma.idempotencyKey.findUnique({ where: { credential_key: { credential, key } } });
  if (!row) return beginIdempotent(credential, key, hash, now);
  if (row.requestHash !== hash)
    throw conflict("idempotency_key_reused", "Idempotency-Key was already used with a different request");
  if (row.statusCode === null || row.responseBody === null)
    throw conflict("idempotency_key_in_progress", "A request with this Idempotency-Key is still in progress");
  return { kind: "replay", status: row.statusCode, body: row.responseBody };
}

export async function finishIdempotent(credential: string, key: string, status: number, body: string): Promise<void> {
  const prisma = await db();
  if (status >= 500) {
    // Nothing was promised: let the client retry with the same key.
    await prisma.idempotencyKey.deleteMany({ where: { credential, key } });
    return;
  }
  await prisma.idempotencyKey.update({
    where: { credential_key: { credential, key } },
    data: { statusCode: status, responseBody: body },
  });
}

/** Housekeeping: records older than the 24 h replay window. */
export async function purgeIdempotencyKeys(now: Date): Promise<number> {
  return (
    await (await db()).idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - TTL_MS) } } })
  ).count;
}
