// When a mail that could not be sent is tried again: 30 s, then twice as long after every
// failure, up to an hour; after MAX_ATTEMPTS tries (about a day and a half) it is given up.
export const MAX_ATTEMPTS = 12;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;

/** The next try after `attempts` failed ones, or null when the mail is given up. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (attempts - 1));
  return new Date(now.getTime() + delay);
}

/**
 * What the outbox keeps of a failure: SMTP's response code or the error's code (ECONNREFUSED,
 * EAUTH), never its message, which may quote the recipient's address.
 */
export function failureCode(err: unknown): string {
  const e = err as { responseCode?: unknown; code?: unknown };
  if (typeof e?.responseCode === "number") return `smtp ${e.responseCode}`;
  if (typeof e?.code === "string" && /^[A-Z_]{2,40}$/.test(e.code)) return e.code;
  return "error";
}
