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
 * How long a worker's claim on a delivery lasts before it is presumed dead and another worker
 * takes the delivery over: the attempt's own limit plus room for the database writes around it.
 */
export function attemptLeaseSeconds(timing: DeliveryTiming): number {
  return Math.ceil(timing.attemptTimeoutMs / 1000) + 10;
}

/** Bytes of the receiver's answer kept in the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** What an attempt whose worker died is recorded with; it counts as a failed attempt. */
export const INTERRUPTED = "interrupted: the worker stopped during this attempt, so its outcome is unknown";

export type AttemptOutcome = { kind: "delivered" } | { kind: "failed" } | { kind: "retry"; at: Date };

export interface NextState {
  status: "pending" | "delivered" | "failed";
  attemptCount: number;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  failureReason: string | null;
  outcome: AttemptOutcome;
}

/** Where a delivery goes after its attempt number `attemptCount + 1` ended. */
export function nextState(
  attemptCount: number,
  ok: boolean,
  error: string | null,
  timing: DeliveryTiming,
  now: Date,
): NextState {
  const done = attemptCount + 1;
  if (ok)
    return {
      status: "delivered",
      attemptCount: done,
      nextAttemptAt: null,
      deliveredAt: now,
      failureReason: null,
      outcome: { kind: "delivered" },
    };
  if (done > timing.retryDelaysMs.length) {
    return {
      status: "failed",
      attemptCount: done,
      nextAttemptAt: null,
      deliveredAt: null,
      failureReason: error,
      outcome: { kind: "failed" },
    };
  }
  const at = new Date(now.getTime() + timing.retryDelaysMs[done - 1]);
  return {
    status: "pending",
    attemptCount: done,
    nextAttemptAt: at,
    deliveredAt: null,
    failureReason: error,
    outcome: { kind: "retry", at },
  };
}
