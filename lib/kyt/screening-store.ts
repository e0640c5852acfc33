// The tables of the kyt domain: kyt_wallet_verdicts (the per-wallet cache, shared by all
// platforms: a sanction is a fact about a wallet) and kyt_screenings (each payment's results,
// scoped to its platform). Other domains go through screen-wallets.ts and read-screenings.ts.
import { randomUUID } from "node:crypto";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import type { ScreeningStatus, ScreeningVerdict } from "./screening-provider";

export type ScreeningRole = "payer" | "recipient";

export interface StoredScreening {
  token: string;
  wallet: string;
  role: ScreeningRole;
  status: ScreeningStatus;
  reasonCode: string;
  provider: string;
  evaluatedAt: Date;
}

/** A provider's verdict on a wallet evaluated after `since`, or null. */
export async function cachedVerdict(wallet: string, provider: string, since: Date): Promise<ScreeningVerdict | null> {
  const row = await (await db()).kytWalletVerdict.findUnique({ where: { wallet_provider: { wallet, provider } } });
  if (!row || row.evaluatedAt <= since) return null;
  return { status: row.status as ScreeningStatus, reasonCode: row.reasonCode };
}

export async function storeVerdict(
  wallet: string,
  provider: string,
  verdict: ScreeningVerdict,
  at: Date,
): Promise<void> {
  const data = { status: verdict.status, reasonCode: verdict.reasonCode, evaluatedAt: at };
  await (await db()).kytWalletVerdict.upsert({
    where: { wallet_provider: { wallet, provider } },
    create: { wallet, provider, ...data },
    update: data,
  });
}

/**
 * Records a payment's result for a wallet; true when it is news (first result for this
 * payment, wallet and role, or a changed status), which is when the event is due. Two
 * statements, each atomic: concurrent screenings of the same wallet make one of them news.
 */
export async function recordScreening(
  tx: Prisma.TransactionClient,
  platformId: string,
  s: StoredScreening,
): Promise<boolean> {
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO kyt_screenings (id, platform_id, token, wallet, role, status, reason_code, provider, evaluated_at)
    VALUES (${randomUUID()}::uuid, ${platformId}::uuid, ${s.token}, ${s.wallet}, ${s.role}, ${s.status}, ${s.reasonCode}, ${s.provider}, ${s.evaluatedAt})
    ON CONFLICT (token, wallet, role) DO NOTHING
    RETURNING id::text AS id`;
  if (inserted.length > 0) return true;
  const changed = await tx.$queryRaw<{ id: string }[]>`
    UPDATE kyt_screenings SET status = ${s.status}, reason_code = ${s.reasonCode}, provider = ${s.provider}, evaluated_at = ${s.evaluatedAt}
    WHERE token = ${s.token} AND wallet = ${s.wallet} AND role = ${s.role} AND status <> ${s.status}
    RETURNING id::text AS id`;
  return changed.length > 0;
}

/** The platform's screening results of the given payments, newest first. */
export async function screeningsOf(platformId: string, tokens: readonly string[]): Promise<StoredScreening[]> {
  if (tokens.length === 0) return [];
  const rows = await (await db()).kytScreening.findMany({
    where: { platformId, token: { in: [...tokens] } },
    orderBy: { evaluatedAt: "desc" },
  });
  return rows.map((r) => ({
    token: r.token,
    wallet: r.wallet,
    role: r.role as ScreeningRole,
    status: r.status as ScreeningStatus,
    reasonCode: r.reasonCode,
    provider: r.provider,
    evaluatedAt: r.evaluatedAt,
  }));
}

/** The platform's newest screening results (the dashboard's list). */
export async function recentScreenings(platformId: string, take: number): Promise<StoredScreening[]> {
  const rows = await (await db()).kytScreening.findMany({
    where: { platformId },
    orderBy: { evaluatedAt: "desc" },
    take,
  });
  return rows.map((r) => ({
    token: r.token,
    wallet: r.wallet,
    role: r.role as ScreeningRole,
    status: r.status as ScreeningStatus,
    reasonCode: r.reasonCode,
    provider: r.provider,
    evaluatedAt: r.evaluatedAt,
  }));
}

/** Housekeeping: verdicts older than the cache lifetime are never read again. */
export async function purgeStaleVerdicts(before: Date): Promise<number> {
  const { count } = await (await db()).kytWalletVerdict.deleteMany({ where: { evaluatedAt: { lt: before } } });
  return count;
}
