// Deletes rows whose only purpose has expired: idempotency records (24 h), finished rate-limit
// windows, expired sessions, wallet challenges and signing nonces, and the webhook delivery
// log past its retention.
import { db } from "../db/client";
import { purgeDeliveryLog } from "../webhooks/delivery-log";

const DAY_MS = 24 * 60 * 60_000;

export async function purgeExpired(now = new Date()) {
  const prisma = await db();
  const [idempotency, buckets, sessions, challenges, nonces, webhookEvents] = await Promise.all([
    prisma.idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - DAY_MS) } } }),
    prisma.rateLimitBucket.deleteMany({ where: { windowStart: { lt: new Date(now.getTime() - 120_000) } } }),
    prisma.session.deleteMany({ where: { expiresAt: { lt: now } } }),
    prisma.walletChallenge.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - DAY_MS) } } }),
    prisma.signingNonce.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - DAY_MS) } } }),
    purgeDeliveryLog(now),
  ]);
  return {
    idempotency: idempotency.count,
    rateLimitBuckets: buckets.count,
    sessions: sessions.count,
    challenges: challenges.count,
    nonces: nonces.count,
    webhookEvents,
  };
}
