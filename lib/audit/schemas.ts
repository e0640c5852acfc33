// The audit log's API shapes (GET /v1/platform/audit-log): the query's filters and an entry.
import { z } from "zod";
import { isoUtcDate, paginationSchema, wholeNumber } from "../zod/query";
import { timestamp } from "../zod/timestamp";
import { ACTOR_TYPES, AUDIT_ACTIONS } from "./actions";

export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 50;
export const MAX_OFFSET = 10_000;

const idText = z.string().min(1, "must not be empty").max(100, "must be at most 100 characters");

/** The filters, each checked alone (the dashboard drops a bad one; the API refuses it). */
export const auditLogQuery = z.strictObject({
  action: z
    .enum(AUDIT_ACTIONS, { message: `must be one of ${AUDIT_ACTIONS.join(", ")}` })
    .optional()
    .describe("Only this action"),
  actorType: z
    .enum(ACTOR_TYPES, { message: `must be one of ${ACTOR_TYPES.join(", ")}` })
    .optional()
    .describe("Only changes by users, API keys, client IDs or the system"),
  actorId: idText.optional().describe("Only changes by this user or API key (its id)"),
  targetType: idText.optional().describe("Only changes to this kind of thing (api_key, webhook, client_id, …)"),
  targetId: idText.optional().describe("Only changes to this thing (its id)"),
  fromDate: isoUtcDate("fromDate").optional().describe("From (inclusive), ISO 8601 in UTC ending with 'Z'"),
  toDate: isoUtcDate("toDate").optional().describe("Until (inclusive), ISO 8601 in UTC ending with 'Z'"),
  limit: wholeNumber(1, MAX_LIMIT).optional().describe(`Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT})`),
  offset: wholeNumber(0, MAX_OFFSET).optional().describe(`Entries to skip, 0 to ${MAX_OFFSET} (default 0)`),
});

export const auditEventView = z.object({
  id: z.uuid(),
  action: z.string().describe("What happened, e.g. `api_key.created`, `webhook.secret_rotated`"),
  actor: z.object({
    type: z.enum(ACTOR_TYPES),
    id: z.string().nullable().describe("The user's, API key's or client ID's id; null for the system"),
    signInMethod: z.string().nullable().describe("A user's: how they signed in (wallet, email)"),
    apiKeyPrefix: z.string().nullable().describe("An API key's visible prefix (never the key)"),
    apiKeyName: z.string().nullable(),
    clientId: z.string().nullable().describe("A client ID's public value"),
  }),
  target: z.object({ type: z.string(), id: z.string() }),
  changes: z
    .array(
      z.object({
        field: z.string(),
        before: z.string().nullable(),
        after: z.string().nullable(),
        redacted: z.boolean().describe("A secret or personal field: it changed; its values are never kept"),
      }),
    )
    .describe("Field by field; empty for an action that is its own change (a revoke, a reveal)"),
  clientIp: z.string().nullable().describe("Where the request came from (TRUSTED_PROXIES decides what is believed)"),
  userAgent: z.string().nullable(),
  createdAt: timestamp,
});

export type AuditEventAnswer = z.input<typeof auditEventView>;

export const auditLogResponse = z.object({
  auditEvents: z.array(auditEventView),
  pagination: paginationSchema("entries"),
});
