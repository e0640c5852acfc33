// Recovery codes: ten random codes shown once when TOTP is turned on, for a lost authenticator.
// Each has 50 random bits, so a plain SHA-256 is enough to store it (as with API keys); each
// signs in once.
import { randomBytes } from "node:crypto";
import { hashToken } from "./tokens";

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i: read from paper

/** `xxxxx-xxxxx` */
export function generateRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Case, spaces and the dash do not matter when a code is typed back. */
export function recoveryCodeHash(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]/g, ""));
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{10}$/.test(code.toLowerCase().replace(/[\s-]/g, ""));
}
