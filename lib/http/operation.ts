// How an API operation is declared: defineOperation and the types it is checked with. Domains
// declare their operations here; lib/api/route.ts runs them (docs/architecture.md "How to add
// an operation").
import type { z } from "zod";
import type { ApiKeyScope } from "./api-key-scopes";
import type { AuthKind, Caller } from "./caller";
import type { Reply } from "./reply";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
/** What a handler returns: the input type of its response schema (the wrapper serialises it). */
export type ResponseOf<R> = R extends z.ZodType ? z.input<R> : null;

export interface HandlerContext<P, Q, B> {
  req: Request;
  params: P;
  query: Q;
  body: B;
  /** The body as received, for signatures computed over its exact bytes (provider webhooks). */
  rawBody: string;
  caller: Caller;
  requestId: string;
}

/** An operation's published example: `query` lists the parameters sent (the others are left out). */
export interface OperationExample<B extends z.ZodType | undefined = z.ZodType | undefined> {
  body?: B extends z.ZodType ? z.input<B> : undefined;
  query?: Record<string, string>;
}

export interface OperationSpec<
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType | undefined,
> {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/v2/request/{requestId}/pay`; must match the app/ folder. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Accepted credentials; an empty list makes the operation public. */
  auth: AuthKind[];
  /** The API-key scope it needs, when not the rule's (`read` for a GET, else its row of
   * WRITE_SCOPES in lib/http/api-key-scopes.ts, where the product's operations are listed). */
  scope?: ApiKeyScope;
  params?: P;
  query?: Q;
  body?: B;
  /** What /docs shows (and its code samples send): a minimal valid body, with sandbox values, and
   * the query parameters to send. Every operation with a body has one; lib/openapi/examples.test.ts
   * sends each through the route and fails on a 400 (docs/api-guide.md "Examples"). */
  example?: OperationExample<B>;
  /** Schema of the success body: what /docs publishes and what the handler must return. */
  response?: R;
  status?: number;
  /** Other statuses whose body is also `response`, and when (e.g. the health check's 503). */
  alsoAnswers?: Record<number, string>;
  /** Documented error statuses and when they happen. */
  errors?: Record<number, string>;
  /** An error status whose body carries more than the standard error fields (ApiError `details`): its schema. */
  errorBodies?: Record<number, z.ZodType>;
  /** Health checks must answer even when the database (which keeps the counters) is down. */
  rateLimit?: false;
  /** POSTs whose response carries a secret (a session token, a new key): Idempotency-Key is
   * ignored there, because replaying would store that secret in clear in idempotency_keys. */
  idempotency?: false;
  // A method (not a property) so that an operation with narrower schemas is still an Operation.
  handler(ctx: HandlerContext<Infer<P>, Infer<Q>, Infer<B>>): Promise<ResponseOf<R> | Reply<ResponseOf<R>>>;
}

export type Operation = OperationSpec<
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined
>;

export function defineOperation<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(spec: OperationSpec<P, Q, B, R>): Operation {
  return spec;
}
