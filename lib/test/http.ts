// Calls an app/ route module the way Next.js does (a Request and the path parameters), and
// holds every answer to its contract: the body must match the schema /docs publishes for that
// operation and status (lib/openapi/build-document.ts documentedResponses), with no field the
// schema does not name. Every API test goes through call(), so the reference cannot drift
// from what the API sends; lib/test/contract-count.ts prints how many answers were checked.
// The same answer is also held to the hosted service's published document (0.13.0) when it
// publishes a body schema for that operation and status (lib/openapi/published/), save for the
// named exceptions of lib/openapi/published/exceptions.ts.
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { RouteHandler } from "../api/route";
import { errorBodySchema } from "../http/errors";
import type { Operation } from "../http/operation";
import { toJson } from "../http/reply";
import { documentedResponses } from "../openapi/build-document";
import {
  conformanceProblems,
  publishedSchema as hostedSchema,
  publishedOperation,
} from "../openapi/published/conformance";
import { isExcepted } from "../openapi/published/exceptions";
import { countCheckedAnswer, countPublishedCheck } from "./contract-count";

type RouteModule = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", RouteHandler>>;

export interface CallInit {
  headers?: Record<string, string>;
  body?: unknown; // objects are sent as JSON; strings as they are
  params?: Record<string, string | string[]>;
}

/** The schema /docs publishes for this answer; throws when the status is not documented. */
function publishedSchema(operation: Operation | undefined, method: string, status: number): z.ZodType | undefined {
  // Routes without an operation are the JSON 404s of unknown paths and the 405s of unserved methods.
  if (!operation) {
    if (status >= 400) return errorBodySchema;
    throw new Error(`${method} answered ${status} without an operation`);
  }
  const documented = documentedResponses(operation)[String(status)];
  if (!documented) {
    throw new Error(
      `${operation.method} ${operation.path} answered ${status}, a status /docs does not publish for it (add it to the operation's errors or alsoAnswers)`,
    );
  }
  return documented.schema;
}

/** Parses a received body as the wire form of `schema`, and fails on any field it does not name. */
export function assertMatchesContract(schema: z.ZodType, body: unknown, what: string): void {
  const parsed = z.safeEncode(schema, body);
  if (!parsed.success)
    throw new Error(
      `${what}: the body does not match the published schema\n${z.prettifyError(parsed.error)}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  const described = JSON.parse(toJson(schema.parse(parsed.data)));
  if (!isDeepStrictEqual(described, body)) {
    throw new Error(
      `${what}: the body carries fields the published schema does not name\nsent:      ${JSON.stringify(body).slice(0, 2000)}\ndocumented: ${JSON.stringify(described).slice(0, 2000)}`,
    );
  }
}

/** Holds the body to the published document's schema for this operation and status, if any. */
export function assertFitsPublishedDocument(operation: Operation, status: number, body: unknown, what: string): void {
  const published = publishedOperation(operation.method, operation.path);
  const schema = published && hostedSchema(published, status);
  if (!published || !schema) return;
  const problems = conformanceProblems(schema, body, (at) => isExcepted(published, status, body, at));
  countPublishedCheck(`${published} ${status}`);
  if (problems.length > 0)
    throw new Error(
      `${what}: the body does not fit the published document's schema for ${published} ${status}\n${problems
        .map((p) => `  ${p.at}: ${p.problem}`)
        .join("\n")}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
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
  if (method !== "OPTIONS") {
    const what = `${method} ${new URL(url, "http://localhost").pathname} → ${res.status}`;
    const schema = publishedSchema(handler.operation, method, res.status);
    if (schema) assertMatchesContract(schema, json, what);
    if (handler.operation) assertFitsPublishedDocument(handler.operation, res.status, json, what);
    countCheckedAnswer();
  }
  return { status: res.status, headers: res.headers, text, json: json as any };
}
