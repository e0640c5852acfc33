// The one wrapper every API route goes through: credentials, Origin, CSRF, rate limit, body
// size, zod parsing, Idempotency-Key, error shape, request id, CORS and one log line.
import { ulid } from "ulid";
import { z, ZodError } from "zod";
import { getConfig } from "../config";
import { log } from "../log";
import { readBodyText, parseJsonBody } from "./body";
import { callerKey, resolveCaller, type AuthKind, type Caller } from "./credentials";
import { ApiError, errorResponse, forbidden, validationError, zodFieldErrors } from "./errors";
import { beginIdempotent, finishIdempotent, requestHash } from "./idempotency";
import { consumeRateLimit, rateLimitHeaders } from "./rate-limit";
import { Reply, serializeCookie, toJson } from "./reply";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerContext<P, Q, B> {
  req: Request;
  params: P;
  query: Q;
  body: B;
  caller: Caller;
  requestId: string;
}

export interface EndpointSpec<P extends z.ZodType | undefined, Q extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/v2/request/{requestId}/pay`; must match the app/ folder. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Accepted credentials; an empty list makes the endpoint public. */
  auth: AuthKind[];
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of the success body, for the API reference. */
  response?: z.ZodType;
  status?: number;
  /** Documented error statuses and when they happen. */
  errors?: Record<number, string>;
  /** Health checks must answer even when the database (which keeps the counters) is down. */
  rateLimit?: false;
  /** POSTs whose response carries a secret (a session token, a new key): Idempotency-Key is
   * ignored there, because replaying would store that secret in clear in idempotency_keys. */
  idempotency?: false;
  handler: (ctx: HandlerContext<Infer<P>, Infer<Q>, Infer<B>>) => Promise<unknown>;
}

export type Endpoint = EndpointSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>;

export function defineEndpoint<P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  spec: EndpointSpec<P, Q, B>,
): Endpoint {
  return spec as unknown as Endpoint;
}

type RouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = ((req: Request, ctx: RouteContext) => Promise<Response>) & { endpoint?: Endpoint };

const EXPOSED = "x-request-id, retry-after, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, idempotency-replayed";
const ALLOWED_HEADERS = "content-type, x-api-key, x-client-id, x-orchestrator-key, authorization, idempotency-key, x-request-id";

function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && /^[A-Za-z0-9._-]{1,128}$/.test(given) ? given : ulid();
}

function clientIp(req: Request): string {
  return req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || req.headers.get("x-real-ip") || "local";
}

function corsHeaders(req: Request): Record<string, string> {
  const origin = req.headers.get("origin");
  // No Allow-Credentials: a cross-origin page can only use credentials it holds itself
  // (API key, client ID), which the Origin check of client IDs already governs.
  return origin ? { "access-control-allow-origin": origin, vary: "Origin", "access-control-expose-headers": EXPOSED } : {};
}

function parseWith<T extends z.ZodType>(schema: T, input: unknown, prefix?: string): z.output<T> {
  const r = schema.safeParse(input);
  if (!r.success) throw validationError(zodFieldErrors(r.error, prefix));
  return r.data;
}

function checkCsrf(req: Request, caller: Caller): void {
  if (caller.kind !== "session" || !caller.viaCookie || req.method === "GET") return;
  const origin = req.headers.get("origin");
  const own = new URL(getConfig().APP_URL).origin;
  const host = req.headers.get("host");
  const sameHost = origin && host && (() => { try { return new URL(origin).host === host; } catch { return false; } })();
  if (origin !== own && !sameHost) throw forbidden("Cross-site request refused: the Origin does not match this service");
}

async function run(endpoint: Endpoint, req: Request, ctx: RouteContext, requestId: string, headers: Record<string, string>): Promise<{ status: number; body: string; cookies: string[] }> {
  const config = getConfig();
  const url = new URL(req.url);
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > config.MAX_BODY_BYTES) {
    throw new ApiError(413, `Request body is larger than ${config.MAX_BODY_BYTES} bytes`);
  }

  const caller = await resolveCaller(req, endpoint.auth);
  checkCsrf(req, caller);
  const key = callerKey(caller, clientIp(req));
  if (endpoint.rateLimit !== false) {
    const limit = await consumeRateLimit(key, config.RATE_LIMIT_PER_MINUTE);
    Object.assign(headers, rateLimitHeaders(limit));
    if (!limit.allowed) throw new ApiError(429, "Too many requests; retry after the time in Retry-After");
  }

  const rawParams = (await ctx.params) ?? {};
  const params = endpoint.params ? parseWith(endpoint.params, rawParams) : undefined;
  const query = endpoint.query ? parseWith(endpoint.query, Object.fromEntries(url.searchParams)) : undefined;
  // A DELETE is read only when it declares a body (a signed deactivation carries one).
  const bodyless = endpoint.method === "GET" || (endpoint.method === "DELETE" && !endpoint.body);
  const text = bodyless ? "" : await readBodyText(req, config.MAX_BODY_BYTES);
  let body: unknown;
  if (endpoint.body) {
    const parsed = parseJsonBody(text, req.headers.get("content-type"));
    body = parseWith(endpoint.body, parsed ?? {});
  }

  const idemKey = endpoint.method === "POST" && endpoint.idempotency !== false ? req.headers.get("idempotency-key") : null;
  if (idemKey !== null) {
    const start = await beginIdempotent(key, idemKey, requestHash(endpoint.method, url.pathname + url.search, text));
    if (start.kind === "replay") {
      headers["idempotency-replayed"] = "true";
      return { status: start.status, body: start.body, cookies: [] };
    }
  }
  let result: { status: number; body: string; cookies: string[] };
  try {
    const out = await endpoint.handler({ req, params, query, body, caller, requestId } as HandlerContext<never, never, never>);
    result =
      out instanceof Reply
        ? (Object.assign(headers, out.headers), { status: out.status, body: toJson(out.body), cookies: out.cookies.map(serializeCookie) })
        : { status: endpoint.status ?? (endpoint.method === "POST" ? 201 : 200), body: toJson(out), cookies: [] };
  } catch (err) {
    if (idemKey !== null) {
      const mapped = toErrorResponse(err, requestId);
      await finishIdempotent(key, idemKey, mapped.status, await mapped.clone().text());
    }
    throw err;
  }
  if (idemKey !== null) await finishIdempotent(key, idemKey, result.status, result.body);
  return result;
}

function toErrorResponse(err: unknown, requestId: string): Response {
  if (err instanceof ApiError) return errorResponse(err.status, err.message, { errors: err.extra.errors, headers: err.extra.headers });
  if (err instanceof ZodError) return errorResponse(400, "Validation failed", { errors: zodFieldErrors(err) });
  log.error({ reqId: requestId, err }, "unhandled error");
  return errorResponse(500, `Internal server error (request id ${requestId})`);
}

function finish(req: Request, res: Response, requestId: string, started: number, extra: Record<string, string>, caller?: string): Response {
  const headers = new Headers(res.headers);
  for (const [k, v] of Object.entries({ ...extra, ...corsHeaders(req), "x-request-id": requestId })) headers.set(k, v);
  headers.set("cache-control", "no-store");
  const out = new Response(res.body, { status: res.status, headers });
  log.info({ reqId: requestId, method: req.method, path: new URL(req.url).pathname, status: res.status, ms: Date.now() - started, caller }, "request");
  return out;
}

function handlerFor(endpoint: Endpoint): RouteHandler {
  const handler: RouteHandler = async (req, ctx) => {
    const started = Date.now();
    const requestId = requestIdOf(req);
    const headers: Record<string, string> = {};
    try {
      const r = await run(endpoint, req, ctx, requestId, headers);
      const res = new Response(r.body, { status: r.status, headers: { "content-type": "application/json; charset=utf-8" } });
      for (const c of r.cookies) res.headers.append("set-cookie", c);
      return finish(req, res, requestId, started, headers);
    } catch (err) {
      return finish(req, toErrorResponse(err, requestId), requestId, started, headers);
    }
  };
  handler.endpoint = endpoint;
  return handler;
}

function simple(status: number, message: string, extra: Record<string, string> = {}): RouteHandler {
  return async (req) => {
    const started = Date.now();
    const requestId = requestIdOf(req);
    return finish(req, errorResponse(status, message), requestId, started, extra);
  };
}

/** The exports of an app/ route.ts: every method answers, unsupported ones with a JSON 405. */
export function routeHandlers(...endpoints: Endpoint[]): Record<HttpMethod | "OPTIONS", RouteHandler> {
  const allow = [...endpoints.map((e) => e.method), "OPTIONS"].join(", ");
  const out = {} as Record<HttpMethod | "OPTIONS", RouteHandler>;
  for (const m of METHODS) {
    const e = endpoints.find((x) => x.method === m);
    out[m] = e ? handlerFor(e) : simple(405, `Method ${m} is not allowed here; allowed: ${allow}`, { allow });
  }
  out.OPTIONS = async (req) => {
    const started = Date.now();
    const requestId = requestIdOf(req);
    const res = new Response(null, {
      status: 204,
      headers: {
        allow,
        "access-control-allow-methods": allow,
        "access-control-allow-headers": ALLOWED_HEADERS,
        "access-control-max-age": "600",
      },
    });
    return finish(req, res, requestId, started, {});
  };
  return out;
}

/** For the catch-all routes under /v1 and /v2: unknown paths answer a JSON 404. */
export function unknownPathHandlers(): Record<HttpMethod | "OPTIONS", RouteHandler> {
  const out = {} as Record<HttpMethod | "OPTIONS", RouteHandler>;
  for (const m of [...METHODS, "OPTIONS" as const]) {
    out[m] = async (req) => {
      const started = Date.now();
      const requestId = requestIdOf(req);
      const path = new URL(req.url).pathname;
      return finish(req, errorResponse(404, `Cannot ${req.method} ${path}`), requestId, started, {});
    };
  }
  return out;
}
