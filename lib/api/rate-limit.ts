// Fixed one-minute windows per credential, counted in PostgreSQL with one upsert, so every
// instance behind a load balancer shares the same counters.
import { db } from "../db/client";

export interface RateLimitResult {
  limit: number;
  remaining: number;
  resetAt: Date;
  allowed: boolean;
}

const WINDOW_MS = 60_000;

export async function consumeRateLimit(key: string, limit: number, now = new Date()): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
  const rows = await (await db()).$queryRawUnsafe<{ count: number }[]>(
    `INSERT INTO rate_limit_buckets (key, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limit_buckets.window_start = EXCLUDED.window_start THEN rate_limit_buckets.count + 1 ELSE 1 END,
       window_start = EXCLUDED.window_start
     RETURNING count`,
    key,
    windowStart,
  );
  const count = Number(rows[0]?.count ?? 1);
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetAt: new Date(windowStart.getTime() + WINDOW_MS),
    allowed: count <= limit,
  };
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
