// A request's customerInfo (names, email, street address: personal data) at rest: one
// AES-256-GCM value (lib/secrets, ENCRYPTION_KEY) bound to its request, like payers' identities
// (docs/decisions/customer-info-encryption.md). Nothing searches it, so no blind index is kept.
// Requests stored before migration customer_info_encrypted hold it in the clear column until
// sealClearCustomerInfo() runs (workers' start, `npm run secrets:rotate`); reads take either.
import { db } from "../db/client";
import { decryptSecret, encryptSecret, needsReencryption } from "../secrets/encrypt-at-rest";
import type { CreateRequestBody } from "./schemas";

export type CustomerInfo = NonNullable<CreateRequestBody["customerInfo"]>;

const context = (requestId: string) => `request-customer-info:${requestId}`;

export const sealCustomerInfo = (requestId: string, info: CustomerInfo) =>
  encryptSecret(JSON.stringify(info), context(requestId));

/** The request's customerInfo: the sealed value, else the clear one of a request not sealed yet. */
export function openCustomerInfo(requestId: string, sealed: string | null, clear: unknown): CustomerInfo | null {
  if (sealed) return JSON.parse(decryptSecret(sealed, context(requestId))) as CustomerInfo;
  if (clear === null || clear === undefined) return null;
  return (typeof clear === "string" ? JSON.parse(clear) : clear) as CustomerInfo;
}

/**
 * Encrypts the customerInfo of requests stored in clear before the encrypted column existed and
 * empties the clear column (SQL cannot encrypt with the application's key). Idempotent; several
 * processes may run it at once (each row is rewritten from its clear value, either copy reads).
 * Answers how many requests it sealed.
 */
export async function sealClearCustomerInfo(batch = 500): Promise<number> {
  const prisma = await db();
  let done = 0;
  for (;;) {
    // Through the partial index of migration customer_info_encrypted: empty once all are sealed.
    const rows = await prisma.$queryRaw<{ id: string; customer_info: string }[]>`
      SELECT id, customer_info::text FROM payment_requests WHERE customer_info IS NOT NULL ORDER BY id LIMIT ${batch}`;
    if (rows.length === 0) return done;
    const sealed = rows.map((r) => sealCustomerInfo(r.id, JSON.parse(r.customer_info) as CustomerInfo));
    await prisma.$executeRaw`
      UPDATE payment_requests r SET customer_info_encrypted = u.sealed, customer_info = NULL
      FROM unnest(${rows.map((r) => r.id)}::varchar[], ${sealed}::text[]) AS u(id, sealed)
      WHERE r.id = u.id AND r.customer_info IS NOT NULL`;
    done += rows.length;
  }
}

/**
 * Key rotation (docs/payers-and-offramp.md): seals what is still clear, then re-encrypts with
 * the current key the values only a previous key reads. Idempotent; answers how many it rewrote.
 */
export async function reencryptCustomerInfo(batch = 500): Promise<number> {
  const prisma = await db();
  let rewritten = await sealClearCustomerInfo(batch);
  let after = "";
  for (;;) {
    const rows = await prisma.paymentRequest.findMany({
      where: { customerInfoEncrypted: { not: null }, id: { gt: after } },
      select: { id: true, customerInfoEncrypted: true },
      orderBy: { id: "asc" },
      take: batch,
    });
    if (rows.length === 0) return rewritten;
    for (const r of rows) {
      const sealed = r.customerInfoEncrypted!;
      if (!needsReencryption(sealed, context(r.id))) continue;
      const info = openCustomerInfo(r.id, sealed, null)!;
      await prisma.paymentRequest.update({
        where: { id: r.id },
        data: { customerInfoEncrypted: sealCustomerInfo(r.id, info) },
      });
      rewritten++;
    }
    after = rows.at(-1)!.id;
  }
}
