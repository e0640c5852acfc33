// Counts the API answers checked against their published schema (lib/test/http.ts), and which
// operations and statuses of the hosted service's published document were checked. Test files
// run in separate processes: each adds its counts to files in CONTRACT_COUNT_DIR (set by
// lib/test/global-setup.ts), which sums and prints them when the suite ends.
import { appendFileSync } from "node:fs";
import { join } from "node:path";

let checked = 0;
const published = new Map<string, number>();

export function countCheckedAnswer(): void {
  checked += 1;
}

/** One answer held to the hosted document's schema for `GET /v2/… 200`. */
export function countPublishedCheck(operationStatus: string): void {
  published.set(operationStatus, (published.get(operationStatus) ?? 0) + 1);
}

/** Called once per test file (lib/test/setup.ts). */
export function flushCheckedAnswers(): void {
  const dir = process.env.CONTRACT_COUNT_DIR;
  if (!dir) return;
  if (checked > 0) appendFileSync(join(dir, `${process.pid}.count`), `${checked}\n`);
  if (published.size > 0)
    appendFileSync(join(dir, `${process.pid}.published`), [...published].map(([key, n]) => `${n}\t${key}\n`).join(""));
  checked = 0;
  published.clear();
}
