// One-at-a-time sections across every process sharing the database
// (docs/decisions/startup-advisory-locks.md): the one-time steps of start-up (migrations, the job
// queue's schema and queues, the demo seed) run under a PostgreSQL advisory lock, so N web and
// worker processes starting at the same instant take turns instead of deadlocking or doing
// the work twice. The lock is held by a dedicated connection (session-level): a process that
// dies releases it with its connection. Within a process the same name is also queued in
// memory, so waiting callers hold no pool connection (PGlite, one process, needs only that).
import { createHash } from "node:crypto";
import type { Database } from "./client";

const tails = new Map<string, Promise<unknown>>();

/** The advisory lock key of `name` on this database (its schema keeps tests apart). */
export function lockKey(database: Database, name: string): string {
  return createHash("sha256").update(`stablelink:${database.jobsSchema}:${name}`).digest().readBigInt64BE(0).toString();
}

/**
 * Runs `fn` while no other caller, in this process or another one on the same database, runs
 * a section of the same `name`. Never nest a name inside itself (that waits forever); take
 * names in one order everywhere (start-up, then job queues).
 */
export function exclusively<T>(database: Database, name: string, fn: () => Promise<T>): Promise<T> {
  const previous = tails.get(name) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(() => (database.kind === "postgres" ? withAdvisoryLock(database, name, fn) : fn()));
  const tail = run.catch(() => undefined);
  tails.set(name, tail);
  void tail.then(() => tails.get(name) === tail && tails.delete(name));
  return run;
}

async function withAdvisoryLock<T>(database: Database, name: string, fn: () => Promise<T>): Promise<T> {
  const key = lockKey(database, name);
  return database.session(async (s) => {
    await s.query("SELECT pg_advisory_lock($1::bigint)", [key]);
    try {
      return await fn();
    } finally {
      // A lost connection has released the lock already; the error must not hide fn's.
      await s.query("SELECT pg_advisory_unlock($1::bigint)", [key]).catch(() => undefined);
    }
  });
}
