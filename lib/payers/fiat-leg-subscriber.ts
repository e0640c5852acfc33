// Subscriber of PaymentRecorded (lib/wiring/payment-subscribers.ts): the first payment of an
// off-ramp request whose payer /pay bound starts its fiat leg (payment.processing `initiated`,
// offramp.ts); payment.confirmed is held until the fiat is sent, so the payment webhooks
// subscriber leaves it out.
import { type PaymentFacts, type PaymentSubscriber, paymentConfirmedEvent } from "../payments";
import { emitEvents, type OutgoingEvent } from "../webhooks";
import { awaitingFiat, startFiatLeg } from "./offramp";

const NAME = "off-ramp fiat leg";

export const fiatLegSubscriber: PaymentSubscriber = {
  name: NAME,
  async facts(tx, recorded) {
    const awaiting = await awaitingFiat(tx, [...new Set(recorded.map((r) => r.request.requestId))]);
    const facts = new Map<string, PaymentFacts>();
    // In chain order: the first payment starts the leg; later ones are announced as usual.
    for (const r of recorded)
      if (awaiting.delete(r.request.requestId)) facts.set(r.paymentId, { confirmationHeldBy: NAME });
    return facts;
  },
  async handle(tx, recorded) {
    const events: OutgoingEvent[] = [];
    for (const r of recorded)
      if (r.confirmationHeldBy === NAME) events.push(await startFiatLeg(tx, paymentConfirmedEvent(r), r.recordedAt));
    await emitEvents(tx, events);
    return { events: events.length };
  },
};
