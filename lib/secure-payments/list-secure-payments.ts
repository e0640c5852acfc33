// GET /v2/secure-payments without `requestId`: the platform's secure payments, filtered and
// paged like GET /v2/payments (limit and offset; `pagination`). A link's status is derived on
// read (payment-state.ts deriveStatus); the filter derives it the same way in SQL, from the
// stored decision, the expiry and its requests (requestsStateSql, owned by requests).
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { requestsStateSql } from "../requests";
import { fromRow, type StoredSecurePayment } from "./secure-payment-store";

export type PublicLinkStatus = "pending" | "completed" | "expired" | "invalidated";
export type PublicLinkType = "single" | "batch" | "multicall";

export interface SecurePaymentFilter {
  status?: PublicLinkStatus;
  paymentType?: PublicLinkType;
  reference?: string;
  fromDate?: Date;
  toDate?: Date;
}

/** deriveStatus() as SQL over `sp` and its requests' state `st`, public names (partially_settled is pending). */
function derivedStatusSql(now: Date): Prisma.Sql {
  return Prisma.sql`CASE
      WHEN sp.status = 'cancelled' OR COALESCE(st.any_cancelled, false) THEN 'invalidated'
      WHEN st.request_count > 0 AND st.paid_count = st.request_count THEN 'completed'
      WHEN sp.expires_at <= ${now} THEN 'expired'
      ELSE 'pending' END`;
}

function conditions(platformId: string, f: SecurePaymentFilter, now: Date): Prisma.Sql[] {
  const conds = [Prisma.sql`sp.platform_id = ${platformId}::uuid`];
  if (f.status) conds.push(Prisma.sql`${derivedStatusSql(now)} = ${f.status}`);
  if (f.paymentType === "multicall") conds.push(Prisma.sql`sp.payment_type = 'multicall'`);
  if (f.paymentType === "batch")
    conds.push(Prisma.sql`sp.payment_type <> 'multicall' AND cardinality(sp.request_ids) > 1`);
  if (f.paymentType === "single")
    conds.push(Prisma.sql`sp.payment_type <> 'multicall' AND cardinality(sp.request_ids) <= 1`);
  if (f.reference) conds.push(Prisma.sql`sp.reference = ${f.reference}`);
  if (f.fromDate) conds.push(Prisma.sql`sp.created_at >= ${f.fromDate}`);
  if (f.toDate) conds.push(Prisma.sql`sp.created_at <= ${f.toDate}`);
  return conds;
}

export async function listSecurePayments(
  platformId: string,
  filter: SecurePaymentFilter,
  page: { limit: number; offset: number },
  now = new Date(),
): Promise<{ securePayments: StoredSecurePayment[]; total: number }> {
  const prisma = await db();
  const where = Prisma.join(conditions(platformId, filter, now), " AND ");
  const from = Prisma.sql`secure_payments sp LEFT JOIN LATERAL ${requestsStateSql(Prisma.sql`sp.request_ids`)} st ON true`;
  const [tokens, [{ total }]] = await Promise.all([
    prisma.$queryRaw<{ token: string }[]>`SELECT sp.token FROM ${from} WHERE ${where}
      ORDER BY sp.created_at DESC, sp.token DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`,
  ]);
  const rows = await prisma.securePayment.findMany({ where: { token: { in: tokens.map((t) => t.token) } } });
  const byToken = new Map(rows.map((r) => [r.token, fromRow(r)]));
  return { securePayments: tokens.flatMap((t) => byToken.get(t.token) ?? []), total };
}
