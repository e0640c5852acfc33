// Is this error "the database cannot be reached right now" (down, restarting, refusing
// connections, connection lost mid-query)? Those are answered 503 with Retry-After, never 500:
// the request may simply be retried, and the pool reconnects by itself when PostgreSQL is back.
// The error's own codes and messages say it for PostgreSQL's and Prisma's; a bare socket error
// (ECONNREFUSED could be a chain's RPC as well) counts only if the database does not answer.
import { getDatabase } from "./client";

const CODES = new Set([
  "57P01",
  "57P02",
  "57P03", // admin_shutdown, crash_shutdown, cannot_connect_now (starting up)
  "53300", // too_many_connections
  "P1001",
  "P1002",
  "P1017",
  "P2024", // Prisma: cannot reach, timed out, connection closed, pool timeout
]);

const MESSAGES = [
  /connection terminated/i,
  /connection (?:is )?(?:closed|ended|refused|reset)/i,
  /terminating connection/i,
  /the database system is (?:starting up|shutting down|in recovery mode)/i,
  /can't reach database server/i,
  /server closed the connection/i,
  /client has encountered a connection error/i,
  /timeout exceeded when trying to connect/i,
];

function saysDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const e = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: unknown;
    errors?: unknown;
    originalCode?: unknown;
    kind?: unknown;
  };
  for (const code of [e.code, e.originalCode]) if (typeof code === "string" && CODES.has(code)) return true;
  if (typeof e.message === "string" && MESSAGES.some((m) => m.test(e.message as string))) return true;
  const nested: unknown[] = [e.cause, e.meta, ...(Array.isArray(e.errors) ? e.errors : [])];
  if (e.meta && typeof e.meta === "object")
    nested.push((e.meta as { driverAdapterError?: unknown }).driverAdapterError);
  return nested.some((n) => saysDatabaseUnavailable(n, depth + 1));
}

/** True when `err` says the database is unreachable, or the database does not answer a ping within `timeoutMs`. */
export async function isDatabaseUnavailable(err: unknown, timeoutMs = 2000): Promise<boolean> {
  if (saysDatabaseUnavailable(err)) return true;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  try {
    const answered = await Promise.race([
      getDatabase()
        .then((d) => d.ping())
        .then(
          () => "up" as const,
          () => "down" as const,
        ),
      timeout,
    ]);
    return answered !== "up";
  } finally {
    clearTimeout(timer);
  }
}
