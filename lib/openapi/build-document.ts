// OpenAPI 3.1 from the operations' zod schemas: the schemas that validate requests are the
// ones documented, so the reference cannot drift from the behaviour.
import { z } from "zod";
import { requiredScope } from "../http/api-key-scopes";
import { type AuthKind, describe as describeAuth } from "../http/caller";
import { errorBodySchema } from "../http/errors";
import type { Operation } from "../http/operation";
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
      const js = ctx.jsonSchema as JsonSchema;
      delete js.$schema;
      // Inputs are parsed strictly (lib/http/strict-input.ts): an undeclared field is a 400.
      if (io === "input" && js.type === "object" && js.properties && !("additionalProperties" in js))
        js.additionalProperties = false;
      // zod writes the safe-integer range on every .int(): it says nothing a reader needs, and
      // renderers take `minimum` as the example value (-9007199254740991 in /docs).
      if (js.minimum === Number.MIN_SAFE_INTEGER) delete js.minimum;
      if (js.maximum === Number.MAX_SAFE_INTEGER) delete js.maximum;
    },
  }) as JsonSchema;
  delete json.$schema;
  const local = (json.$defs ?? json.definitions) as Record<string, JsonSchema> | undefined;
  if (local) {
    // The shared schemas refer to each other too: their references move with them.
    Object.assign(defs, toComponentRefs(local));
    delete json.$defs;
    delete json.definitions;
  }
  return toComponentRefs(json);
}

/** zod names shared schemas `#/$defs/X`; in OpenAPI they live at `#/components/schemas/X`. */
function toComponentRefs<T>(json: T): T {
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/'));
}

function parametersOf(e: Operation, defs: Record<string, JsonSchema>) {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", e.params],
    ["query", e.query],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema, "input", defs);
    const props = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    const examples = where === "query" ? e.example?.query : undefined;
    for (const [name, s] of Object.entries(props)) {
      const { description, ...rest } = s;
      const param: JsonSchema = {
        name,
        in: where,
        required: where === "path" || required.has(name),
        description,
        schema: rest,
      };
      // With an example, renderers send exactly its parameters: an optional one it leaves out
      // gets an empty example, or Scalar would fill it from the enum's first value (a `chain`
      // without its `token` is a 400).
      if (examples) param.example = examples[name] ?? "";
      out.push(param);
    }
  }
  if (e.auth.includes("clientId")) {
    out.push({
      name: "Origin",
      in: "header",
      required: false,
      description: "Set by the browser; checked against the client ID's allowedDomains",
      schema: { type: "string" },
    });
  } else if (e.auth.includes("walletSession")) {
    out.push(
      {
        name: "x-client-id",
        in: "header",
        required: false,
        description:
          "May accompany the wallet session; must be a client ID of the same platform, used from one of its allowedDomains",
        schema: { type: "string" },
      },
      {
        name: "Origin",
        in: "header",
        required: false,
        description: "Set by the browser; checked against the client ID's allowedDomains when x-client-id is sent",
        schema: { type: "string" },
      },
    );
  }
  if (e.method === "POST" && e.idempotency !== false) {
    out.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: "Replays the first response for 24 h; another body with the same key is a 409",
      schema: { type: "string", maxLength: 255 },
    });
  }
  return out;
}

/** Every status /docs publishes for an operation, with its description and body schema: the
 * operation's response schema for its success statuses, the error body for the others. The
 * document and the tests' response check (lib/test/http.ts) both read this. */
export function documentedResponses(e: Operation): Record<string, { description: string; schema?: z.ZodType }> {
  const success = { description: "Success", schema: e.response };
  const responses: Record<string, { description: string; schema?: z.ZodType }> = {
    [String(e.status ?? (e.method === "POST" ? 201 : 200))]: success,
  };
  for (const [status, description] of Object.entries(e.alsoAnswers ?? {}))
    responses[status] = { description, schema: e.response };
  const errors: Record<number, string> = {};
  // The wrapper refuses NUL characters in any path, query or body, whatever the operation declares.
  errors[400] =
    e.params || e.query || e.body
      ? "Validation failed, or a NUL character in the input"
      : "A NUL character in the path or query";
  if (e.auth.length > 0) errors[401] = "Missing, invalid or revoked credentials";
  const cookieSession = e.auth.includes("session") || e.auth.includes("walletSession");
  if (e.auth.includes("clientId")) errors[403] = "Origin not allowed for the client ID";
  else if (e.auth.includes("walletSession"))
    errors[403] = "Not a wallet session, or a cross-site request with the session cookie";
  else if (cookieSession && e.method !== "GET") errors[403] = "Cross-site request with the session cookie";
  if (e.method === "POST" && e.idempotency !== false)
    errors[409] = "Idempotency-Key already used with another request, or still running";
  if (e.body) Object.assign(errors, { 413: "Body too large", 415: "Body is not JSON" });
  if (e.rateLimit !== false) errors[429] = "Rate limit exceeded; see Retry-After";
  errors[500] = "Unexpected failure; the message names the request id";
  const databaseDown =
    "The database is unreachable right now (down or restarting): `database_unavailable`; or a blockchain network's RPC is (down, timing out, rate-limiting): `network_unavailable`. Retry after Retry-After";
  Object.assign(errors, e.errors);
  const scope = e.auth.includes("apiKey") ? requiredScope(e) : undefined;
  if (scope) {
    const missing = `An API key without the \`${scope}\` scope (\`api_key_scope_missing\`)`;
    errors[403] = errors[403] ? `${errors[403]}; or ${missing[0].toLowerCase()}${missing.slice(1)}` : missing;
  }
  errors[503] = e.errors?.[503]
    ? `${e.errors[503]}; or ${databaseDown[0].toLowerCase()}${databaseDown.slice(1)}`
    : databaseDown;
  for (const [status, description] of Object.entries(errors))
    responses[status] ??= { description, schema: e.errorBodies?.[Number(status)] ?? errorBodySchema };
  return responses;
}

function responsesOf(e: Operation, defs: Record<string, JsonSchema>) {
  const out: Record<string, JsonSchema> = {};
  for (const [status, { description, schema }] of Object.entries(documentedResponses(e))) {
    const json =
      schema === errorBodySchema ? { $ref: "#/components/schemas/Error" } : schema && toSchema(schema, "output", defs);
    out[status] = { description, ...(json ? { content: { "application/json": { schema: json } } } : {}) };
  }
  return out;
}

/** An event the service POSTs to webhook endpoints (OpenAPI 3.1 `webhooks`). */
export interface WebhookDoc {
  name: string;
  summary: string;
  description: string;
  schema: z.ZodType;
  /** A whole payload, shown beside the schema. */
  example?: unknown;
  headers: { name: string; description: string; required: boolean }[];
}

export function buildOpenApiDocument(operations: Operation[], serverUrl: string, events: WebhookDoc[] = []) {
  const defs: Record<string, JsonSchema> = {};
  const webhooks: Record<string, Record<string, JsonSchema>> = {};
  for (const e of events) {
    webhooks[e.name] = {
      post: {
        operationId: `event${e.name.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase()).replace(/^./, (c) => c.toUpperCase())}`,
        summary: e.summary,
        description: e.description,
        tags: ["Webhook events"],
        parameters: e.headers.map((h) => ({
          name: h.name,
          in: "header",
          required: h.required,
          description: h.description,
          schema: { type: "string" },
        })),
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: toSchema(e.schema, "output", defs),
              ...(e.example === undefined ? {} : { example: e.example }),
            },
          },
        },
        responses: {
          "200": {
            description:
              "Any 2xx, once the event is recorded; anything else (or nothing within 5 s) is retried after 1, 5 and 15 s",
          },
        },
      },
    };
  }
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const e of operations) {
    const scope = e.auth.includes("apiKey") ? requiredScope(e) : undefined;
    const op: JsonSchema = {
      operationId: `${e.method.toLowerCase()}${e.path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
      summary: e.summary,
      description: [
        e.description,
        e.auth.length ? `Credentials: ${describeAuth(e.auth)}.` : "No credentials needed.",
        scope && `API key scope: \`${scope}\` (docs/decisions/api-key-scopes.md).`,
      ]
        .filter(Boolean)
        .join("\n\n"),
      tags: e.tags,
      parameters: parametersOf(e, defs),
      responses: responsesOf(e, defs),
      security: e.auth.length ? e.auth.flatMap((k) => SECURITY[k]) : [],
    };
    if (scope) op["x-api-key-scope"] = scope;
    if (e.body)
      op.requestBody = {
        required: true,
        content: {
          "application/json": {
            schema: toSchema(e.body, "input", defs),
            ...(e.example?.body === undefined ? {} : { example: e.example.body }),
          },
        },
      };
    (paths[e.path] ??= {})[e.method.toLowerCase()] = op;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Stablelink API",
      version: APP_VERSION,
      description:
        "Payment requests, payouts and secure payments in stablecoins on seven EVM chains and Tron. New here? The [quickstart](/docs/quickstart) creates a request, pays it in the sandbox and verifies the webhook, in five minutes. Errors have the shape `{statusCode, message, error, code}`: branch on `code` (listed under the Error schema), not on `message`. Every example works when pasted against the sandbox.",
    },
    servers: [{ url: serverUrl }],
    paths,
    webhooks,
    components: {
      schemas: { Error: toSchema(errorBodySchema, "output", defs), ...defs },
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "x-api-key" },
        ClientId: {
          type: "apiKey",
          in: "header",
          name: "x-client-id",
          description: "Browser calls; the Origin must be in the client ID's allowedDomains",
        },
        OrchestratorKey: { type: "apiKey", in: "header", name: "x-orchestrator-key" },
        BearerSession: { type: "http", scheme: "bearer" },
        CookieSession: { type: "apiKey", in: "cookie", name: "session_token" },
      },
    },
  };
}
