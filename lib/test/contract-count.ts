// Counts the API answers checked against their published schema (lib/test/http.ts). Test files
// run in separate processes: each adds its count to a file in CONTRACT_COUNT_DIR (set by
// lib/test/global-setup.ts), which sums and prints them when the suite ends.
import { appendFileSync } from "node:fs";
import { join } from "node:path";

let checked = 0;

export function countCheckedAnswer(): void {
  checked += 1;
}

/** Called once per test file (lib/test/setup.ts). */
export function flushCheckedAnswers(): void {
  const dir = process.env.CONTRACT_COUNT_DIR;
  if (!dir || checked === 0) return;
  appendFileSync(join(dir, `${process.pid}.count`), `${checked}\n`);
  checked = 0;
}
