// The composition root of payment recording: who hears of a recorded payment, in the order
// their handlers run (docs/decisions/payment-recorded-event.md). Payments imports none of
// them; this module registers them when it is loaded, and every path to the recorder loads it
// first (lib/workers/run-workers.ts; lib/test/setup.ts for tests). Recording without it throws.
import { payoutSourceSubscriber } from "../crosschain";
import { fiatLegSubscriber } from "../payers";
import { paymentWebhooks, setPaymentSubscribers } from "../payments";

export const PAYMENT_SUBSCRIBERS = [
  // Facts only: the payer and source chain behind a crosschain payout, for every event below.
  payoutSourceSubscriber,
  // Holds payment.confirmed of an off-ramp request's first payment and starts its fiat leg.
  fiatLegSubscriber,
  // payment.confirmed / payment.partial, unless held.
  paymentWebhooks,
];

setPaymentSubscribers(PAYMENT_SUBSCRIBERS);
