// Payer activity reported by the page (docs/interface.md "Events", `secure_payment.user_event`):
// wallet_connected, payment_sent_to_wallet, payment_approved_in_wallet. Best effort and
// never a settlement signal: the token is the only credential (the page has no other), so
// each token is rate-limited on its own, on top of the per-IP limit of the route.

import { consumeRateLimit } from "../api/rate-limit";
import { db } from "../db/client";
import { ApiError } from "../http/errors";
import { emitEvent, webhookEvent } from "../webhooks";
import { eventOwnerOf } from "./event-owner";
import { unknownToken } from "./payment-state";
import type { UserEventBody } from "./schemas";
import { findSecurePaymentByToken } from "./secure-payment-store";

/** Reports per token per minute: a page sends a handful per payment. */
export const USER_EVENTS_PER_MINUTE = 30;

export async function reportUserEvent(
  token: string,
  body: UserEventBody,
  now = new Date(),
): Promise<{ accepted: true }> {
  const sp = await findSecurePaymentByToken(token);
  if (!sp) throw unknownToken();
  const limit = await consumeRateLimit(`secure_payment_user_events:${sp.token}`, USER_EVENTS_PER_MINUTE, now);
  if (!limit.allowed)
    throw new ApiError(429, "rate_limited", "Too many payer events for this secure payment; retry later", {
      headers: { "retry-after": String(Math.max(1, Math.ceil((limit.resetAt.getTime() - now.getTime()) / 1000))) },
    });
  const owner = await eventOwnerOf(sp);
  const p = body.properties ?? {};
  const event = webhookEvent("secure_payment.user_event", owner, {
    userEvent: body.userEvent,
    securePaymentToken: sp.token,
    requestId: sp.requestIds.length === 1 ? sp.requestIds[0] : null,
    requestIds: sp.requestIds,
    occurredAt: body.occurredAt ? new Date(body.occurredAt).toISOString() : now.toISOString(),
    timestamp: now,
    properties: {
      wallet_provider: p.wallet_provider ?? null,
      payment_submission_id: p.payment_submission_id ?? null,
      payment_submission_id_type: p.payment_submission_id_type ?? null,
      selected_source_chain: p.selected_source_chain ?? null,
      payment_type: p.payment_type ?? null,
    },
  });
  await (await db()).$transaction((tx) => emitEvent(tx, event));
  return { accepted: true };
}
