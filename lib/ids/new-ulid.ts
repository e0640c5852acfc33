// ULIDs made on the server on every request (request ids); Node only (node:crypto).
import { randomFillSync } from "node:crypto";
import { ulid } from "ulid";

// ulid's own generator draws crypto.randomBytes(1) once per character, 16 calls per id: profiled
// in the route wrapper, the request id cost more than the rest of a cached API-key read
// (docs/performance.md). The same cryptographic randomness, drawn 4 KiB at a time.
const pool = Buffer.alloc(4096);
let next = pool.length;
function randomFraction(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++] / 256;
}

/** A new ULID (upper case, current time), for ids made on every request. */
export function newUlid(): string {
  return ulid(undefined, randomFraction);
}
