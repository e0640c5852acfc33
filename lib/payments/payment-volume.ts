// What a platform received per UTC day and currency paid in, between two instants: the
// overview's volume chart. One grouped query over the (platform_id, block_time) index; the
// sums stay in each currency's smallest units (a currency id has one decimals).
import { toBigInt } from "../db/amounts";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { joinRequestSql, REQUEST_PAYMENT_CURRENCY_SQL } from "../requests";

export interface DailyVolume {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** Currency id paid in (`USDC-base`). */
  currency: string;
  amount: bigint;
  count: number;
}

/** Payments with block time in [from, to), summed per UTC day and currency, by day then currency. */
export async function dailyVolume(platformId: string, from: Date, to: Date): Promise<DailyVolume[]> {
  const rows = await (await db()).$queryRaw<
    { day: string; currency: string; amount: string; count: number }[]
  >(Prisma.sql`
    SELECT to_char(date_trunc('day', p.block_time), 'YYYY-MM-DD') AS day, COALESCE(p.currency, ${REQUEST_PAYMENT_CURRENCY_SQL}) AS currency,
           sum(p.amount)::text AS amount, count(*)::int AS count
      FROM payments p ${joinRequestSql(Prisma.sql`p.request_id`)}
     WHERE p.platform_id = ${platformId}::uuid AND p.block_time >= ${from.toISOString()}::timestamp AND p.block_time < ${to.toISOString()}::timestamp
     GROUP BY 1, 2
     ORDER BY 1, 2`);
  return rows.map((r) => ({ day: r.day, currency: r.currency, amount: toBigInt(r.amount), count: Number(r.count) }));
}
