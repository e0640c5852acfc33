// Calls an app/ route module the way Next.js does: a Request and the path parameters.
import type { RouteHandler } from "../api/route";

type RouteModule = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", RouteHandler>>;

export interface CallInit {
  headers?: Record<string, string>;
  body?: unknown; // objects are sent as JSON; strings as they are
  params?: Record<string, string | string[]>;
}

export async function call(mod: RouteModule, method: keyof RouteModule, url: string, init: CallInit = {}) {
  const handler = mod[method];
  if (!handler) throw new Error(`route has no ${method}`);
  const headers = new Headers(init.headers);
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const req = new Request(new URL(url, "http://localhost:3000"), { method, headers, body });
  const res = await handler(req, { params: Promise.resolve(init.params ?? {}) });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, text, json: json as any };
}
