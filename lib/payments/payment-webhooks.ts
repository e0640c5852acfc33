// The payment's own announcement, a subscriber of PaymentRecorded like the others: the
// platform's payment.confirmed (and payment.partial while the request is not fully paid), into
// the outbox in the recording transaction; none for a payment whose confirmation another
// subscriber holds (the off-ramp sends it when the fiat is sent). It lives in payments rather
// than in lib/webhooks so that the outbox stays below the domains (docs/decisions/payment-recorded-event.md).
import { emitEvents } from "../webhooks";
import { paymentEvents } from "./payment-events";
import type { PaymentSubscriber } from "./payment-recorded";

export const paymentWebhooks: PaymentSubscriber = {
  name: "payment webhooks",
  async handle(tx, recorded) {
    const events = recorded.filter((r) => r.confirmationHeldBy === null).flatMap(paymentEvents);
    await emitEvents(tx, events);
    return { events: events.length };
  },
};
