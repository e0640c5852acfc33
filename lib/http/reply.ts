// What a handler returns when the default (JSON body, the operation's status) is not enough.
export interface CookieSpec {
  name: string;
  value: string;
  maxAgeSeconds: number; // 0 clears the cookie
  secure: boolean;
}

export class Reply<B = unknown> {
  constructor(
    public readonly status: number,
    public readonly body: B,
    public readonly headers: Record<string, string> = {},
    public readonly cookies: CookieSpec[] = [],
  ) {}
}

export function reply<B>(
  status: number,
  body: B,
  init: { headers?: Record<string, string>; cookies?: CookieSpec[] } = {},
): Reply<B> {
  return new Reply(status, body, init.headers, init.cookies);
}

export function serializeCookie(c: CookieSpec): string {
  const parts = [
    `${c.name}=${encodeURIComponent(c.value)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${c.maxAgeSeconds}`,
  ];
  if (c.secure) parts.push("Secure");
  return parts.join("; ");
}

/** JSON that carries bigint values as decimal strings. */
export function toJson(body: unknown): string {
  return JSON.stringify(body, (_k, v) => (typeof v === "bigint" ? v.toString() : v)) ?? "null";
}
