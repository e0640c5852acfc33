// The arithmetic of a recurring payout (docs/protocol.md "Recurring payments"). Pure: no I/O.
import type { RECURRENCE_FREQUENCIES } from "../requests/schemas";

export type Frequency = (typeof RECURRENCE_FREQUENCIES)[number];

/**
 * The contract counts in fixed periods of seconds, so months and years are fixed lengths
 * (30 and 365 days): a calendar month would need the contract to know calendars
 * (docs/decisions/recurring-fixed-periods.md).
 */
export const PERIOD_SECONDS: Record<Frequency, number> = {
  DAILY: 86_400,
  WEEKLY: 7 * 86_400,
  MONTHLY: 30 * 86_400,
  YEARLY: 365 * 86_400,
};

/**
 * How long after the last due time the schedule stays valid: room for a paused schedule to
 * be resumed and its missed instalments paid. The permit's deadline bounds every instalment.
 */
export const DEADLINE_GRACE_SECONDS = 365 * 86_400;

/** Instalment `index` (from 1) is due at firstPayment + (index − 1) · periodSeconds. */
export function dueTime(schedule: { firstPayment: number; periodSeconds: number }, index: number): number {
  return schedule.firstPayment + (index - 1) * schedule.periodSeconds;
}

export function scheduleDeadline(firstPayment: number, periodSeconds: number, totalPayments: number): number {
  return dueTime({ firstPayment, periodSeconds }, totalPayments) + DEADLINE_GRACE_SECONDS;
}

/** What one instalment takes from the payer: amount, platform fee and the relayer's fee. */
export function instalmentCost(s: { amount: bigint; feeAmount: bigint; relayerFee: bigint }): bigint {
  return s.amount + s.feeAmount + s.relayerFee;
}

/**
 * The first instalment is due at the start date, or at once when the chain's clock is past it
 * already (a sandbox chain moved forward): dueness is chain time, not wall-clock time.
 */
export function firstPaymentTime(startDate: Date, chainNow: number): number {
  return Math.max(Math.floor(startDate.getTime() / 1000), chainNow);
}

/** The contract's firstPayment is a uint32: the last second it can name (2106-02-07); later due times are uint256 sums. */
export const LAST_START_SECONDS = 2 ** 32 - 1;

/** The start date is today (UTC) or later. */
export function startsInThePast(startDate: Date, now = new Date()): boolean {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return startDate.getTime() < today;
}
