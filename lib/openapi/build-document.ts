// OpenAPI 3.1 from the endpoints' zod schemas: the schemas that validate requests are the
// ones documented, so the reference cannot drift from the behaviour.
import { z } from "zod";
import { describe as describeAuth, type AuthKind } from "../api/credentials";
import type { Endpoint } from "../api/route";
import { APP_VERSION } from "../version";

type JsonSchema = Record<string, unknown>;

const SECURITY: Record<AuthKind, Record<string, string[]>[]> = {
  apiKey: [{ ApiKey: [] }],
  clientId: [{ ClientId: [] }],
  orchestratorKey: [{ OrchestratorKey: [] }],
  session: [{ BearerSession: [] }, { CookieSession: [] }],
  walletSession: [{ BearerSession: [] }, { CookieSession: [] }],
};

function toSchema(schema: z.ZodType, io: "input" | "output", defs: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    reused: "inline",
    override: (ctx) => {
      delete (ctx.jsonSchema as JsonSchema).$schema;
    },
  }) as JsonSchema;
  delete json.$schema;
  const local = (json.$defs ?? json.definitions) as Record<string, JsonSchema> | undefined;
  if (local) {
    Object.assign(defs, local);
    delete json.$defs;
    delete json.definitions;
  }
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/'));
}

function parametersOf(e: Endpoint, defs: Record<string, JsonSchema>) {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [["path", e.params], ["query", e.query]] as const) {
    if (!schema) continue;
    const json = toSchema(schema, "input", defs);
    const props = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries(props)) {
      const { description, ...rest } = s;
      out.push({ name, in: where, required: where === "path" || required.has(name), description, schema: rest });
    }
  }
  if (e.auth.includes("clientId")) {
    out.push({ name: "Origin", in: "header", required: false, description: "Set by the browser; checked against the client ID's allowedDomains", schema: { type: "string" } });
  } else if (e.auth.includes("walletSession")) {
    out.push(
      { name: "x-client-id", in: "header", required: false, description: "May accompany the wallet session; must be a client ID of the same platform, used from one of its allowedDomains", schema: { type: "string" } },
      { name: "Origin", in: "header", required: false, description: "Set by the browser; checked against the client ID's allowedDomains when x-client-id is sent", schema: { type: "string" } },
    );
  }
  if (e.method === "POST" && e.idempotency !== false) {
    out.push({ name: "Idempotency-Key", in: "header", required: false, description: "Replays the first response for 24 h; another body with the same key is a 409", schema: { type: "string", maxLength: 255 } });
  }
  return out;
}

const errorSchema = {
  type: "object",
  required: ["statusCode", "message", "error"],
  properties: {
    statusCode: { type: "integer" },
    message: { type: "string" },
    error: { type: "string", description: "HTTP reason phrase" },
    errors: {
      type: "array",
      description: "Validation failures only",
      items: { type: "object", properties: { field: { type: "string" }, message: { type: "string" } }, required: ["field", "message"] },
    },
  },
};

function responsesOf(e: Endpoint, defs: Record<string, JsonSchema>) {
  const status = String(e.status ?? (e.method === "POST" ? 201 : 200));
  const responses: Record<string, JsonSchema> = {
    [status]: {
      description: "Success",
      ...(e.response ? { content: { "application/json": { schema: toSchema(e.response, "output", defs) } } } : {}),
    },
  };
  const errors: Record<number, string> = {};
  if (e.params || e.query || e.body) errors[400] = "Validation failed";
  if (e.auth.length > 0) errors[401] = "Missing, invalid or revoked credentials";
  if (e.auth.includes("clientId")) errors[403] = "Origin not allowed for the client ID";
  if (e.body) Object.assign(errors, { 413: "Body too large", 415: "Body is not JSON" });
  if (e.rateLimit !== false) errors[429] = "Rate limit exceeded; see Retry-After";
  Object.assign(errors, e.errors);
  for (const [code, description] of Object.entries(errors)) {
    responses[code] = { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  }
  return responses;
}

/** An event the service POSTs to webhook endpoints (OpenAPI 3.1 `webhooks`). */
export interface WebhookDoc {
  name: string;
  summary: string;
  description: string;
  schema: z.ZodType;
  headers: { name: string; description: string; required: boolean }[];
}

export function buildOpenApiDocument(endpoints: Endpoint[], serverUrl: string, events: WebhookDoc[] = []) {
  const defs: Record<string, JsonSchema> = {};
  const webhooks: Record<string, Record<string, JsonSchema>> = {};
  for (const e of events) {
    webhooks[e.name] = {
      post: {
        operationId: `event${e.name.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase()).replace(/^./, (c) => c.toUpperCase())}`,
        summary: e.summary,
        description: e.description,
        tags: ["Webhook events"],
        parameters: e.headers.map((h) => ({ name: h.name, in: "header", required: h.required, description: h.description, schema: { type: "string" } })),
        requestBody: { required: true, content: { "application/json": { schema: toSchema(e.schema, "output", defs) } } },
        responses: { "200": { description: "Any 2xx, once the event is recorded; anything else (or nothing within 5 s) is retried after 1, 5 and 15 s" } },
      },
    };
  }
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const e of endpoints) {
    const op: JsonSchema = {
      operationId: `${e.method.toLowerCase()}${e.path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
      summary: e.summary,
      description: [e.description, e.auth.length ? `Credentials: ${describeAuth(e.auth)}.` : "No credentials needed."].filter(Boolean).join("\n\n"),
      tags: e.tags,
      parameters: parametersOf(e, defs),
      responses: responsesOf(e, defs),
      security: e.auth.length ? e.auth.flatMap((k) => SECURITY[k]) : [],
    };
    if (e.body) op.requestBody = { required: true, content: { "application/json": { schema: toSchema(e.body, "input", defs) } } };
    (paths[e.path] ??= {})[e.method.toLowerCase()] = op;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Stablelink API",
      version: APP_VERSION,
      description: "Payment requests, payouts and secure payments in stablecoins on seven EVM chains and Tron. Errors have the shape `{statusCode, message, error}`.",
    },
    servers: [{ url: serverUrl }],
    paths,
    webhooks,
    components: {
      schemas: { Error: errorSchema, ...defs },
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "x-api-key" },
        ClientId: { type: "apiKey", in: "header", name: "x-client-id", description: "Browser calls; the Origin must be in the client ID's allowedDomains" },
        OrchestratorKey: { type: "apiKey", in: "header", name: "x-orchestrator-key" },
        BearerSession: { type: "http", scheme: "bearer" },
        CookieSession: { type: "apiKey", in: "cookie", name: "session_token" },
      },
    },
  };
}
