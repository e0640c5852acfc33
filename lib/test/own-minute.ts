// Rate limits count per wall-clock minute (lib/api/rate-limit.ts). A test that spends a budget
// and expects the 429 fails when its requests straddle a minute boundary — likely on a busy
// machine — and a retry would start from the counts the first try left. Each test of a block
// that calls this runs at the first second of a minute of its own (the clock still moves).
import { afterEach, beforeEach, vi } from "vitest";

const FIRST_MINUTE = Date.UTC(2035, 0, 1);
let minutes = 0;

export function eachTestInItsOwnMinute(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(FIRST_MINUTE + minutes++ * 60_000 + 1_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
