// The delivery contract of docs/interface.md "Delivery", "Limits": four attempts (the first plus retries after 1, 5
// and 15 seconds), each limited to 5 seconds. Tests of other behaviour may pass shorter
// values; the schedule itself is tested with these.

export interface DeliveryTiming {
  /** Wait after a failed attempt before the next one, one entry per retry. */
  retryDelaysMs: readonly number[];
  /** Limit of one attempt: connecting, sending and receiving the status line. */
  attemptTimeoutMs: number;
}

export const DELIVERY_TIMING: DeliveryTiming = {
  retryDelaysMs: [1_000, 5_000, 15_000],
  attemptTimeoutMs: 5_000,
};

export const MAX_ATTEMPTS = DELIVERY_TIMING.retryDelaysMs.length + 1;

/**
 * How long a job may stay active before the queue presumes its worker dead and hands the
 * attempt to another one: the attempt's own limit plus room for the database writes around it.
 */
export function attemptLeaseSeconds(timing: DeliveryTiming): number {
  return Math.ceil(timing.attemptTimeoutMs / 1000) + 10;
}

/** Bytes of the receiver's answer kept in the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 1024;
