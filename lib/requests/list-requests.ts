// GET /v2/request: the platform's requests matching every filter, newest first. The wallet
// filter reads the lower(payee) index of payment search (migration payment_search_indexes).
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import type { RequestFilter, RequestPage } from "./list-query";
import { fromRow, type StoredRequest } from "./request-store";

function conditions(platformId: string, f: RequestFilter): Prisma.Sql[] {
  const conds = [Prisma.sql`platform_id = ${platformId}::uuid`];
  if (f.wallet?.kind === "evm")
    conds.push(Prisma.sql`(lower(payee) = ${f.wallet.value} OR lower(payer) = ${f.wallet.value})`);
  if (f.wallet?.kind === "tron") conds.push(Prisma.sql`(payee = ${f.wallet.value} OR payer = ${f.wallet.value})`);
  if (f.status) conds.push(Prisma.sql`status = ${f.status}::"RequestStatus"`);
  if (f.network) conds.push(Prisma.sql`network = ${f.network}`);
  if (f.invoiceCurrency) conds.push(Prisma.sql`invoice_currency = ${f.invoiceCurrency}`);
  if (f.paymentCurrency) conds.push(Prisma.sql`payment_currency = ${f.paymentCurrency}`);
  if (f.reference) conds.push(Prisma.sql`reference = ${f.reference}`);
  if (f.originalRequestId) conds.push(Prisma.sql`original_request_id = ${f.originalRequestId}`);
  if (f.fromDate) conds.push(Prisma.sql`created_at >= ${f.fromDate}`);
  if (f.toDate) conds.push(Prisma.sql`created_at <= ${f.toDate}`);
  return conds;
}

export async function listRequests(
  platformId: string,
  filter: RequestFilter,
  page: RequestPage,
): Promise<{ requests: StoredRequest[]; total: number }> {
  const prisma = await db();
  const where = Prisma.join(conditions(platformId, filter), " AND ");
  const [ids, [{ total }]] = await Promise.all([
    prisma.$queryRaw<{ id: string }[]>`SELECT id FROM payment_requests WHERE ${where}
      ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM payment_requests WHERE ${where}`,
  ]);
  const rows = await prisma.paymentRequest.findMany({ where: { id: { in: ids.map((r) => r.id) } } });
  const byId = new Map(rows.map((r) => [r.id, fromRow(r)]));
  return { requests: ids.flatMap((r) => byId.get(r.id) ?? []), total };
}
