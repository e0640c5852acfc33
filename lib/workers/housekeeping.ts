// Deletes rows whose only purpose has expired. Each domain purges its own tables: idempotency
// records and rate-limit windows (api), sessions and wallet challenges (auth), signing nonces
// (payee destinations), the webhook delivery log past its retention (webhooks), cached
// wallet screening verdicts past KYT_CACHE_SECONDS (kyt), mails sent or given up a week ago (mail).
import { purgeIdempotencyKeys } from "../api/idempotency";
import { purgeRateLimitBuckets } from "../api/rate-limit";
import { purgeExpiredSignIns } from "../auth";
import { purgeScreeningCache } from "../kyt";
import { purgeOutbox } from "../mail";
import { purgeSigningNonces } from "../payee-destinations";
import { purgeDeliveryLog } from "../webhooks";

export async function purgeExpired(now = new Date()) {
  const [idempotency, rateLimitBuckets, signIns, nonces, webhookEvents, screeningVerdicts, mails] = await Promise.all([
    purgeIdempotencyKeys(now),
    purgeRateLimitBuckets(now),
    purgeExpiredSignIns(now),
    purgeSigningNonces(now),
    purgeDeliveryLog(now),
    purgeScreeningCache(now),
    purgeOutbox(now),
  ]);
  return { idempotency, rateLimitBuckets, ...signIns, nonces, webhookEvents, screeningVerdicts, mails };
}
