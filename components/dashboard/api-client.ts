// The dashboard calls the same JSON API integrators use, with the session_token cookie (sent
// by the browser on same-origin requests; its POST/PUT/DELETE carry the Origin header the
// API's CSRF check wants). A 401 means the session ended: back to sign-in, then here again.

import { SIGN_IN_PATH } from "@/lib/dashboard/browser";
import type { ErrorBody, ErrorCode, FieldError } from "@/lib/http/errors";

export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly fieldErrors: FieldError[] = [],
    /** The API's machine-readable code: branch on it, never on `message`. */
    public readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  /** The error of one form field, by the name the API gives it. */
  fieldError(field: string): string | undefined {
    const messages = this.fieldErrors
      .filter((e) => e.field === field || e.field.startsWith(`${field}.`))
      .map((e) => e.message);
    return messages.length > 0 ? [...new Set(messages)].join("; ") : undefined;
  }

  /** Field errors not shown next to one of `shown` fields, as "field: message" lines. */
  otherErrors(shown: string[]): string[] {
    return this.fieldErrors
      .filter((e) => !shown.some((f) => e.field === f || e.field.startsWith(`${f}.`)))
      .map((e) => (e.field && e.field !== "body" ? `${e.field}: ${e.message}` : e.message));
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  opts: { redirectOn401?: boolean } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      headers:
        body === undefined
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(0, "The service could not be reached. Check your connection and try again.");
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // a non-JSON answer (a proxy's error page): reported below by status
  }
  if (res.ok) return json as T;
  const err = (json ?? {}) as Partial<ErrorBody>;
  const fieldErrors = Array.isArray(err.errors) ? (err.errors as FieldError[]) : [];
  const message = typeof err.message === "string" ? err.message : `The service answered ${res.status}`;
  if (res.status === 401 && opts.redirectOn401 !== false && typeof window !== "undefined") {
    const here = window.location.pathname + window.location.search;
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load: nothing of the signed-in pages stays cached
    window.location.assign(`${SIGN_IN_PATH}?next=${encodeURIComponent(here)}`);
  }
  throw new ApiRequestError(res.status, message, fieldErrors, err.code);
}

/** A message for the person, whatever was thrown. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiRequestError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return "Something went wrong. Try again.";
}
