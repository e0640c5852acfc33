// How often the delivery log reads itself again while deliveries are pending: just after the
// earliest scheduled attempt (when there is something new to see), never more often than
// every 1.5 s; when every attempt is already due (in flight, or the workers are behind) it
// backs off to 15 s; and after 3 minutes it stops, so a page left open does not poll forever
// when no worker is running. The manual refresh is always there.
export const AUTO_REFRESH = {
  soonestMs: 1_500,
  latestMs: 15_000,
  /** After the scheduled time, room for the attempt to be made and written down. */
  afterDueMs: 700,
  stopAfterMs: 3 * 60_000,
} as const;

/**
 * Milliseconds until the next read, given the pending deliveries' next attempt times and how
 * many reads in a row found every attempt already due.
 */
export function nextRefreshDelay(nextAttemptAts: (string | null)[], now: number, overdueReads: number): number {
  const upcoming = nextAttemptAts.map((t) => (t ? Date.parse(t) : NaN)).filter((t) => t > now);
  if (upcoming.length > 0) {
    const wait = Math.min(...upcoming) - now + AUTO_REFRESH.afterDueMs;
    return Math.min(Math.max(wait, AUTO_REFRESH.soonestMs), AUTO_REFRESH.latestMs);
  }
  return Math.min(AUTO_REFRESH.soonestMs * 2 ** Math.max(0, overdueReads), AUTO_REFRESH.latestMs);
}

/** Whether every pending delivery's attempt is already due (nothing scheduled ahead). */
export function allDue(nextAttemptAts: (string | null)[], now: number): boolean {
  return nextAttemptAts.every((t) => !t || Date.parse(t) <= now);
}

export function watchedTooLong(watchingSince: number, now: number): boolean {
  return now - watchingSince > AUTO_REFRESH.stopAfterMs;
}
