// The ticket between the two steps of an email sign-in with two-factor: the password was right,
// a code is still due. It is sealed (AES-GCM, lib/secrets) rather than stored: it names the user
// and the email (whose failed-login count the code step adds to) and expires after 5 minutes.
// A ticket may carry several tries, each counted by the login throttle; no session exists
// before a code is accepted.
import { decryptSecret, encryptSecret } from "../secrets/encrypt-at-rest";

export const TICKET_LIFETIME_MS = 5 * 60_000;
const CONTEXT = "two-factor-ticket";

export interface TwoFactorTicket {
  userId: string;
  email: string;
  expiresAt: Date;
}

export function issueTicket(userId: string, email: string, now: Date): { ticket: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + TICKET_LIFETIME_MS);
  return { ticket: encryptSecret(JSON.stringify({ u: userId, e: email, x: expiresAt.getTime() }), CONTEXT), expiresAt };
}

/** The ticket's content, or null when it is not one of ours or has expired. */
export function openTicket(ticket: string, now: Date): TwoFactorTicket | null {
  try {
    const { u, e, x } = JSON.parse(decryptSecret(ticket, CONTEXT)) as { u: unknown; e: unknown; x: unknown };
    if (typeof u !== "string" || typeof e !== "string" || typeof x !== "number") return null;
    if (x <= now.getTime()) return null;
    return { userId: u, email: e, expiresAt: new Date(x) };
  } catch {
    return null;
  }
}
