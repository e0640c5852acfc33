// The session_token cookie (DESIGN.md, Auth): httpOnly, sameSite=lax, secure except when the
// service runs on http://localhost (browsers drop Secure cookies on other plain-http origins).

import { getConfig } from "../config";
import { SESSION_COOKIE } from "../http/caller";
import type { CookieSpec } from "../http/reply";
import { EMAIL_LIFETIME_MS } from "./sessions";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function sessionCookieSecure(appUrl: string = getConfig().APP_URL): boolean {
  const url = new URL(appUrl);
  return !(url.protocol === "http:" && LOOPBACK.has(url.hostname));
}

/**
 * The server decides when a session ends (the 15-minute idle timeout slides with use), so
 * the cookie itself lives as long as the longest session; an expired token is refused.
 */
export function sessionCookie(token: string): CookieSpec {
  return { name: SESSION_COOKIE, value: token, maxAgeSeconds: EMAIL_LIFETIME_MS / 1000, secure: sessionCookieSecure() };
}

export function clearedSessionCookie(): CookieSpec {
  return { name: SESSION_COOKIE, value: "", maxAgeSeconds: 0, secure: sessionCookieSecure() };
}
