// The one wrapper every API route goes through: credentials, Origin, CSRF, rate limit, body
// size, zod parsing, Idempotency-Key, error shape, request id, CORS and one log line.
import { ZodError, z } from "zod";
import { classifyRpcError } from "../chains/rpc-health";
import { isClientIdOrigin } from "../client-ids";
import { getConfig } from "../config";
import { isDatabaseUnavailable } from "../db/unavailable";
import { checkApiKeyScope } from "../http/api-key-scopes";
import type { Caller } from "../http/caller";
import { clientIp } from "../http/client-ip";
import { refuseCrossSite } from "../http/csrf";
import {
  ApiError,
  type ErrorCode,
  errorResponse,
  type FieldError,
  validationError,
  validationMessage,
  zodFieldErrors,
} from "../http/errors";
import type { HandlerContext, HttpMethod, Operation } from "../http/operation";
import { Reply, serializeCookie, toJson } from "../http/reply";
import { strictInput } from "../http/strict-input";
import { newUlid } from "../ids/new-ulid";
import { log } from "../log";
// Operations of requests ask the payment options other domains provide: registered before any runs.
import "../wiring/payment-options";
import "../wiring/webhook-owners";
import { parseJsonBody, readBodyText } from "./body";
import {
  callerKey,
  presentedCredentialPrefix,
  presentsCredential,
  resolveCaller,
  UnknownCredential,
} from "./credentials";
import { beginIdempotent, finishIdempotent, requestHash } from "./idempotency";
import { loggedPath } from "./logged-path";
import { consumeRateLimit, peekRateLimit, rateLimitHeaders } from "./rate-limit";

const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

type RouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = ((req: Request, ctx: RouteContext) => Promise<Response>) & { operation?: Operation };

const EXPOSED =
  "x-request-id, retry-after, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, idempotency-replayed";
const ALLOWED_HEADERS =
  "content-type, x-api-key, x-client-id, x-orchestrator-key, authorization, idempotency-key, x-request-id";

function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && /^[A-Za-z0-9._-]{1,128}$/.test(given) ? given : newUlid();
}

/**
 * Operations a browser page of an integrator may call: those taking a client ID (or a wallet
 * session, which a client ID may accompany) and public ones. API-key, orchestrator-key and
 * dashboard-session operations do not invite browsers of other sites at all.
 */
function invitesBrowsers(operations: Operation[]): boolean {
  return operations.some((e) => e.auth.length === 0 || e.auth.includes("clientId") || e.auth.includes("walletSession"));
}

/**
 * CORS for an origin some active client ID allows, on operations that invite browsers; no
 * Allow-Credentials ever: a cross-origin page can use only credentials it holds itself.
 */
async function corsHeaders(req: Request, invites: boolean): Promise<Record<string, string>> {
  const origin = req.headers.get("origin");
  if (!invites || !origin) return {};
  const allowed = await isClientIdOrigin(origin).catch(() => false);
  return allowed
    ? { "access-control-allow-origin": origin, vary: "Origin", "access-control-expose-headers": EXPOSED }
    : { vary: "Origin" };
}

/**
 * PostgreSQL text and jsonb cannot hold NUL, so a NUL anywhere in the input would reach the
 * database as an error (a 500) wherever a schema lets a plain string through: refused here
 * once, for path, query and body alike, naming the field.
 */
function refuseNul(value: unknown, path = ""): void {
  const errors: FieldError[] = [];
  const walk = (v: unknown, at: string, depth: number) => {
    if (typeof v === "string") {
      if (v.includes("\u0000")) errors.push({ field: at || "body", message: "must not contain NUL characters" });
    } else if (v && typeof v === "object" && depth < 64) {
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes("\u0000"))
          errors.push({ field: at || "body", message: "must not contain NUL characters in property names" });
        walk(inner, at ? `${at}.${k}` : k, depth + 1);
      }
    }
  };
  walk(value, path, 0);
  if (errors.length > 0) throw validationError(errors.slice(0, 10));
}

const NO_QUERY = z.object({});

function parseWith<T extends z.ZodType>(schema: T, input: unknown, prefix?: string): z.output<T> {
  const r = schema.safeParse(input);
  if (!r.success) throw validationError(zodFieldErrors(r.error, prefix));
  return r.data;
}

function checkCsrf(req: Request, caller: Caller): void {
  if (caller.kind !== "session" || !caller.viaCookie || req.method === "GET") return;
  refuseCrossSite(req);
}

/**
 * Resolves the caller, counting unknown credentials per source address and per credential
 * prefix (docs/decisions/rate-limits.md). A prefix past RATE_LIMIT_PER_MINUTE failures in the
 * window is answered 429 before its credential is even looked up: guessing the rest of a known
 * key is as limited as any call. A source past the limit gets 429 for each further unknown
 * credential, but a valid credential from it still works: behind a proxy that is not trusted,
 * every client shares the source address, and one guesser must not lock them all out.
 */
async function resolveCounted(
  req: Request,
  operation: Operation,
  ip: string,
  headers: Record<string, string>,
): Promise<Caller> {
  if (operation.auth.length === 0 || !presentsCredential(req)) return resolveCaller(req, operation.auth);
  const limit = getConfig().RATE_LIMIT_PER_MINUTE;
  const sourceKey = `credential_failures:ip:${ip}`;
  const prefixKey = `credential_failures:prefix:${presentedCredentialPrefix(req)}`;
  const tooMany = (state: Awaited<ReturnType<typeof peekRateLimit>>, message: string) => {
    Object.assign(headers, rateLimitHeaders(state));
    return new ApiError(429, "rate_limited", message);
  };
  const byPrefix = await peekRateLimit(prefixKey, limit);
  if (!byPrefix.allowed)
    throw tooMany(byPrefix, "Too many failed attempts with this credential; retry after the time in Retry-After");
  try {
    return await resolveCaller(req, operation.auth);
  } catch (err) {
    if (!(err instanceof UnknownCredential)) throw err;
    await consumeRateLimit(prefixKey, limit);
    const bySource = await consumeRateLimit(sourceKey, limit);
    if (!bySource.allowed)
      throw tooMany(
        bySource,
        "Too many failed credential attempts from this address; retry after the time in Retry-After",
      );
    throw err;
  }
}

async function run(
  operation: Operation,
  req: Request,
  ctx: RouteContext,
  requestId: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; cookies: string[] }> {
  const config = getConfig();
  const url = new URL(req.url);
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > config.MAX_BODY_BYTES) {
    throw new ApiError(413, "body_too_large", `Request body is larger than ${config.MAX_BODY_BYTES} bytes`);
  }

  const ip = clientIp(req);
  const caller = await resolveCounted(req, operation, ip, headers);
  checkCsrf(req, caller);
  const key = callerKey(caller, ip);
  if (operation.rateLimit !== false) {
    const limit = await consumeRateLimit(key, config.RATE_LIMIT_PER_MINUTE);
    Object.assign(headers, rateLimitHeaders(limit));
    if (!limit.allowed)
      throw new ApiError(429, "rate_limited", "Too many requests; retry after the time in Retry-After");
  }
  // An API key without the operation's scope is refused before its input is read: nothing runs
  // (docs/decisions/api-key-scopes.md).
  if (caller.kind === "apiKey") checkApiKeyScope(operation, caller.scopes);

  const rawParams = (await ctx.params) ?? {};
  refuseNul(rawParams);
  refuseNul(Object.fromEntries(url.searchParams));
  const params = operation.params ? parseWith(operation.params, rawParams) : undefined;
  // Unknown query parameters are refused like unknown body fields, naming them (an operation
  // without a query schema takes none).
  const search = Object.fromEntries(url.searchParams);
  const query = operation.query
    ? parseWith(strictInput(operation.query), search)
    : void parseWith(strictInput(NO_QUERY), search);
  // A DELETE is read only when it declares a body (a signed deactivation carries one).
  const bodyless = operation.method === "GET" || (operation.method === "DELETE" && !operation.body);
  const text = bodyless ? "" : await readBodyText(req, config.MAX_BODY_BYTES);
  let body: unknown;
  if (operation.body) {
    const parsed = parseJsonBody(text, req.headers.get("content-type"));
    refuseNul(parsed);
    // Every object of every body refuses fields it does not declare (lib/http/strict-input.ts).
    body = parseWith(strictInput(operation.body), parsed ?? {});
  }

  const idemKey =
    operation.method === "POST" && operation.idempotency !== false ? req.headers.get("idempotency-key") : null;
  if (idemKey !== null) {
    const start = await beginIdempotent(key, idemKey, requestHash(operation.method, url.pathname + url.search, text));
    if (start.kind === "replay") {
      headers["idempotency-replayed"] = "true";
      return { status: start.status, body: start.body, cookies: [] };
    }
  }
  let result: { status: number; body: string; cookies: string[] };
  try {
    const out = await operation.handler({
      req,
      params,
      query,
      body,
      rawBody: text,
      caller,
      requestId,
    } as HandlerContext<never, never, never>);
    result =
      out instanceof Reply
        ? (Object.assign(headers, out.headers),
          { status: out.status, body: toJson(out.body), cookies: out.cookies.map(serializeCookie) })
        : { status: operation.status ?? (operation.method === "POST" ? 201 : 200), body: toJson(out), cookies: [] };
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

/** Seconds a client should wait before retrying while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
const NETWORK_RETRY_AFTER_SECONDS = 5;

async function unexpectedAndDatabaseDown(err: unknown): Promise<boolean> {
  return !(err instanceof ApiError) && !(err instanceof ZodError) && (await isDatabaseUnavailable(err));
}

/** While PostgreSQL is down or restarting: 503 in the error shape, never a bare 500; the pool reconnects by itself. */
function databaseUnavailable(): Response {
  log.warn("database unavailable: answered 503");
  return errorResponse(
    503,
    "database_unavailable",
    "The database is unavailable; retry after the time in Retry-After",
    {
      headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
    },
  );
}

function toErrorResponse(err: unknown, requestId: string): Response {
  if (err instanceof ApiError)
    return errorResponse(err.status, err.code, err.message, {
      errors: err.extra.errors,
      headers: err.extra.headers,
      details: err.extra.details,
    });
  if (err instanceof ZodError) {
    const errors = zodFieldErrors(err);
    return errorResponse(400, "validation_failed", validationMessage(errors), { errors });
  }
  // A chain's RPC that is down, slow or rate-limiting is the network's state, not our bug: every
  // operation that reads a chain answers it the same way, retryable.
  if (classifyRpcError(err) !== "rpc-error") {
    log.warn({ reqId: requestId, rpc: classifyRpcError(err) }, "chain read failed: answered 503");
    return errorResponse(503, "network_unavailable", "A blockchain network could not be read; try again shortly", {
      headers: { "retry-after": String(NETWORK_RETRY_AFTER_SECONDS) },
    });
  }
  log.error({ reqId: requestId, err }, "unhandled error");
  return errorResponse(500, "internal_error", `Internal server error (request id ${requestId})`);
}

function finish(
  req: Request,
  res: Response,
  requestId: string,
  started: number,
  extra: Record<string, string>,
  cors: Record<string, string> = {},
  template?: string,
): Response {
  const headers = new Headers(res.headers);
  for (const [k, v] of Object.entries({ ...extra, ...cors, "x-request-id": requestId })) headers.set(k, v);
  headers.set("cache-control", "no-store");
  const out = new Response(res.body, { status: res.status, headers });
  log.info(
    {
      reqId: requestId,
      method: req.method,
      path: loggedPath(new URL(req.url).pathname, template),
      status: res.status,
      ms: Date.now() - started,
    },
    "request",
  );
  return out;
}

function handlerFor(operation: Operation): RouteHandler {
  const handler: RouteHandler = async (req, ctx) => {
    const started = Date.now();
    const requestId = requestIdOf(req);
    const headers: Record<string, string> = {};
    const invites = invitesBrowsers([operation]);
    try {
      const r = await run(operation, req, ctx, requestId, headers);
      const res = new Response(r.body, {
        status: r.status,
        headers: { "content-type": "application/json; charset=utf-8" },
      });
      for (const c of r.cookies) res.headers.append("set-cookie", c);
      return finish(req, res, requestId, started, headers, await corsHeaders(req, invites), operation.path);
    } catch (err) {
      const res = (await unexpectedAndDatabaseDown(err)) ? databaseUnavailable() : toErrorResponse(err, requestId);
      return finish(req, res, requestId, started, headers, await corsHeaders(req, invites), operation.path);
    }
  };
  handler.operation = operation;
  return handler;
}

function simple(
  status: number,
  code: ErrorCode,
  message: string,
  extra: Record<string, string>,
  template: string,
): RouteHandler {
  return async (req) => {
    const started = Date.now();
    const requestId = requestIdOf(req);
    return finish(req, errorResponse(status, code, message), requestId, started, extra, {}, template);
  };
}

/** The exports of an app/ route.ts: every method answers, unsupported ones with a JSON 405. */
export function routeHandlers(...operations: Operation[]): Record<HttpMethod | "OPTIONS", RouteHandler> {
  const allow = [...operations.map((e) => e.method), "OPTIONS"].join(", ");
  const template = operations[0]?.path; // one route, one path
  const out = {} as Record<HttpMethod | "OPTIONS", RouteHandler>;
  for (const m of METHODS) {
    const e = operations.find((x) => x.method === m);
    out[m] = e
      ? handlerFor(e)
      : simple(405, "method_not_allowed", `Method ${m} is not allowed here; allowed: ${allow}`, { allow }, template);
  }
  const invites = invitesBrowsers(operations);
  out.OPTIONS = async (req) => {
    const started = Date.now();
    const requestId = requestIdOf(req);
    const cors = await corsHeaders(req, invites);
    const preflight: Record<string, string> = cors["access-control-allow-origin"]
      ? {
          "access-control-allow-methods": allow,
          "access-control-allow-headers": ALLOWED_HEADERS,
          "access-control-max-age": "600",
        }
      : {};
    return finish(
      req,
      new Response(null, { status: 204, headers: { allow, ...preflight } }),
      requestId,
      started,
      {},
      cors,
      template,
    );
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
      return finish(req, errorResponse(404, "path_not_found", `Cannot ${req.method} ${path}`), requestId, started, {});
    };
  }
  return out;
}
