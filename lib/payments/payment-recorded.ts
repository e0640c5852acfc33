// The domain event payment recording publishes (docs/decisions/payment-recorded-event.md):
// one `PaymentRecorded` per payment stored and announced for the first time, handed to the
// subscribers the process registered, inside the recording transaction. What they write and
// emit commits or rolls back with the payment: nothing is lost, nothing is sent twice.
//
// Payments imports none of its subscribers: lib/wiring/payment-subscribers.ts registers them
// (webhooks' payment.confirmed/partial, the off-ramp's fiat leg, crosschain's payout source).
import type { Currency } from "../chains/currencies";
import type { Prisma } from "../db/generated/client";
import type { SettlingRequest } from "../requests";
import type { PaymentType } from "./detected-payment";

type Tx = Prisma.TransactionClient;

/** Who a payment's events belong to (the shape of the outbox's EventOwner). */
export interface PaymentOwner {
  platformId: string;
  clientIdId: string | null;
  clientId: string | null;
  orchestratorId: string | null;
}

/** A crosschain payout: the source-chain pull behind it. */
export interface CrosschainSource {
  sourceNetwork: string;
  sourceTxHash: string | null;
}

/** What a subscriber knows about a payment that others need, added before any handler runs. */
export interface PaymentFacts {
  /** Who really paid, when the chain shows an intermediary (the crosschain gateway's payout). */
  payerAddress?: string;
  crosschain?: CrosschainSource;
  /** The subscriber that confirms this payment itself, later (the off-ramp's fiat leg). */
  confirmationHeldBy?: string;
}

export interface PaymentRecorded {
  /** The stored payment row. */
  paymentId: string;
  /** The request it pays, as recording locked it: reference, amounts, what events repeat. */
  request: SettlingRequest;
  owner: PaymentOwner;
  network: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockTime: Date;
  type: PaymentType;
  /** The currency paid (its token; null for the native coin); units to the payee and to the fee address. */
  paid: Currency;
  tokenAddress: string | null;
  amount: bigint;
  feeAmount: bigint;
  feeAddress: string | null;
  /** Invoice units this payment settles, and the request's total after it (in chain order). */
  invoiceAmount: bigint;
  totalAmountPaid: bigint;
  /** Fiat invoices: the Chainlink rate the payment was converted at. */
  conversionRate: string | null;
  /** This payment brings the request to its expected amount (the request turns paid now). */
  completesRequest: boolean;
  /** The paying address (a subscriber's facts may replace it) and the wallet that signed. */
  payerAddress: string | null;
  payerEoaAddress: string | null;
  crosschain: CrosschainSource | null;
  /** Set when a subscriber holds `payment.confirmed` back to send it itself later. */
  confirmationHeldBy: string | null;
  recordedAt: Date;
}

export interface PaymentSubscriber {
  /** Names the subscriber in facts conflicts and in the docs. */
  readonly name: string;
  /** Read-only, before any handler: facts about some of the payments, by payment id. */
  facts?(tx: Tx, recorded: readonly PaymentRecorded[]): Promise<ReadonlyMap<string, PaymentFacts>>;
  /** Acts in the recording transaction (own rows, outbox events); answers the outbox events written. */
  handle?(tx: Tx, recorded: readonly PaymentRecorded[]): Promise<{ events: number }>;
}

let registered: readonly PaymentSubscriber[] | null = null;

/** The composition root's one call (lib/wiring/payment-subscribers.ts); handlers run in this order. */
export function setPaymentSubscribers(subscribers: readonly PaymentSubscriber[]): void {
  registered = subscribers;
}

function subscribers(): readonly PaymentSubscriber[] {
  // A process that records payments without its subscribers would store payments and announce
  // nothing, for good (a payment is announced once): refuse instead.
  if (!registered)
    throw new Error(
      "Payment subscribers are not registered: import lib/wiring/payment-subscribers.ts in the process's start-up path",
    );
  return registered;
}

/** Publishes `recorded` (chain order) to the subscribers, in `tx`; answers the outbox events written. */
export async function publishPaymentsRecorded(tx: Tx, recorded: readonly PaymentRecorded[]): Promise<number> {
  const all = subscribers();
  if (recorded.length === 0) return 0;
  const facts = new Map<string, PaymentFacts & { from: Record<string, string> }>();
  for (const s of all) {
    if (!s.facts) continue;
    for (const [paymentId, f] of await s.facts(tx, recorded)) {
      const merged = facts.get(paymentId) ?? { from: {} };
      for (const key of Object.keys(f) as (keyof PaymentFacts)[]) {
        if (merged.from[key])
          throw new Error(`Payment ${paymentId}: ${key} given by both ${merged.from[key]} and ${s.name}`);
        merged.from[key] = s.name;
        Object.assign(merged, { [key]: f[key] });
      }
      facts.set(paymentId, merged);
    }
  }
  const complete = recorded.map((r) => {
    const f = facts.get(r.paymentId);
    return Object.freeze({
      ...r,
      payerAddress: f?.payerAddress ?? r.payerAddress,
      crosschain: f?.crosschain ?? r.crosschain,
      confirmationHeldBy: f?.confirmationHeldBy ?? r.confirmationHeldBy,
    });
  });
  let events = 0;
  for (const s of all) if (s.handle) events += (await s.handle(tx, complete)).events;
  return events;
}
