// Credentials are random, prefixed so a leaked one is recognisable, and stored only as hashes.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export function generateToken(prefix: string, bytes = 32): string {
  return `${prefix}_${randomBytes(bytes).toString("base64url")}`;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The visible part shown in lists: the prefix and the first characters. */
export function tokenPrefix(token: string): string {
  const cut = token.indexOf("_") + 7;
  return token.slice(0, cut);
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
