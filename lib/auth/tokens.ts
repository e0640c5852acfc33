// Credentials are random, prefixed so a leaked one is recognisable, and stored only as hashes.
import { createHash, randomBytes } from "node:crypto";

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
