// The time the auth domain reads: challenge lifetimes, session expiry and sliding. Tests move
// it forward (setClockForTests) to cross the 5-minute and 15-minute limits without waiting.
let override: (() => Date) | undefined;

export function now(): Date {
  return override ? override() : new Date();
}

/** Replaces the clock until called again without an argument. Tests only. */
export function setClockForTests(clock?: () => Date): void {
  override = clock;
}
