// Fixed one-minute windows per credential, shared by every instance through PostgreSQL.
//
// Counting each request with its own upsert put a database write on the hot path of every
// call (on the embedded PGlite that write runs on the event loop). Instead each instance
// counts in memory and adds its count to the shared row every FLUSH_MS, learning the other
// instances' counts in the same statement. The first request of a key in a window waits for
// that exchange, so a window starts from the shared count; after that an instance can admit
// at most what the others admitted during one flush interval beyond the limit.
import { db } from "../db/client";

export interface RateLimitResult {
  limit: number;
  remaining: number;
  resetAt: Date;
  allowed: boolean;
}

const WINDOW_MS = 60_000;
const FLUSH_MS = 250;

interface Window {
  start: number;
  /** The shared count as of the last exchange, this instance's flushed requests included. */
  shared: number;
  /** Requests counted here and not yet added to the shared row. */
  pending: number;
  /** Requests being added to the shared row right now (still counted while the exchange runs). */
  sending: number;
  /** The first exchange of the window: requests wait for it to know the shared count. */
  ready: Promise<void>;
  flushing?: Promise<void>;
}

const windows = new Map<string, Window>();
let timer: NodeJS.Timeout | undefined;

async function exchange(key: string, w: Window): Promise<void> {
  const n = w.pending;
  w.pending = 0;
  w.sending += n;
  try {
    const rows = await (await db()).$queryRaw<{ count: number }[]>`
      INSERT INTO rate_limit_buckets (key, window_start, count) VALUES (${key}, ${new Date(w.start)}, ${n})
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limit_buckets.window_start = EXCLUDED.window_start THEN rate_limit_buckets.count + EXCLUDED.count ELSE EXCLUDED.count END,
         window_start = EXCLUDED.window_start
       RETURNING count`;
    w.shared = Math.max(w.shared + n, Number(rows[0]?.count ?? 0));
  } catch (err) {
    w.pending += n; // try again on the next flush; nothing counted is lost
    throw err;
  } finally {
    w.sending -= n;
  }
}

function flushAll(): void {
  const now = Date.now();
  for (const [key, w] of windows) {
    if (w.start + WINDOW_MS <= now && w.pending === 0) {
      windows.delete(key);
      continue;
    }
    if (w.pending > 0 && !w.flushing) {
      w.flushing = exchange(key, w)
        .catch(() => undefined)
        .finally(() => (w.flushing = undefined));
    }
  }
}

function ensureTimer(): void {
  if (timer) return;
  timer = setInterval(flushAll, FLUSH_MS);
  timer.unref();
}

export async function consumeRateLimit(key: string, limit: number, now = new Date()): Promise<RateLimitResult> {
  return count(key, limit, 1, now);
}

/** The state of `key`'s window without counting a request (failed credentials are counted only
 * once they failed, but checked before: lib/api/route.ts). */
export async function peekRateLimit(key: string, limit: number, now = new Date()): Promise<RateLimitResult> {
  const r = await count(key, limit, 0, now);
  return { ...r, allowed: r.remaining > 0 };
}

async function count(key: string, limit: number, n: number, now: Date): Promise<RateLimitResult> {
  const start = Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS;
  let w = windows.get(key);
  if (!w || w.start !== start) {
    if (w && w.pending > 0) void exchange(key, w).catch(() => undefined); // the last requests of the old window
    const fresh: Window = { start, shared: 0, pending: 0, sending: 0, ready: Promise.resolve() };
    fresh.ready = exchange(key, fresh).catch((err) => {
      if (windows.get(key) === fresh) windows.delete(key); // the next request tries again
      throw err;
    });
    windows.set(key, fresh);
    w = fresh;
  }
  await w.ready;
  w.pending += n;
  ensureTimer();
  // What is being sent counts too: between taking `pending` and learning the shared count, a
  // request would otherwise see the window short of those requests (and admit past the limit).
  const count = w.shared + w.sending + w.pending;
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetAt: new Date(start + WINDOW_MS),
    allowed: count <= limit,
  };
}

/** Adds what this instance counted to the shared rows now (tests, shutdown). */
export async function flushRateLimits(): Promise<void> {
  await Promise.all(
    [...windows].map(async ([key, w]) => {
      await w.flushing;
      if (w.pending > 0) await exchange(key, w);
    }),
  );
}

export function rateLimitHeaders(r: RateLimitResult, now = new Date()): Record<string, string> {
  const headers: Record<string, string> = {
    "x-ratelimit-limit": String(r.limit),
    "x-ratelimit-remaining": String(r.remaining),
    "x-ratelimit-reset": String(Math.ceil(r.resetAt.getTime() / 1000)),
  };
  if (!r.allowed) headers["retry-after"] = String(Math.max(1, Math.ceil((r.resetAt.getTime() - now.getTime()) / 1000)));
  return headers;
}

/** Housekeeping: windows that ended more than a minute ago. */
export async function purgeRateLimitBuckets(now: Date): Promise<number> {
  return (
    await (await db()).rateLimitBucket.deleteMany({ where: { windowStart: { lt: new Date(now.getTime() - 120_000) } } })
  ).count;
}
