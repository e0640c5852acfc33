// The audit log over HTTP: a platform's administrators (a session, or an API key with the
// `admin` scope: the entries name people and where they signed in from) read who changed what.

import { platformOf } from "../http/caller";
import { defineOperation } from "../http/operation";
import { pagination } from "../zod/query";
import { listAuditEvents } from "./audit-store";
import { auditLogQuery, auditLogResponse, DEFAULT_LIMIT } from "./schemas";

export const listAuditLogOperation = defineOperation({
  method: "GET",
  path: "/v1/platform/audit-log",
  summary: "List the audit log",
  description:
    "Every change to the platform's API keys, client IDs, webhook endpoints, payee destinations, branding, profile, payer reviews and reveals, refunds and sign-in methods: who (a user and how they signed in, or an API key by its prefix and name), when, from where (address and user agent) and what changed, newest first. Secrets and personal data are never recorded: a changed secret is listed as `redacted`. An API key needs the `admin` scope (docs/decisions/audit-log.md).",
  tags: ["Platform"],
  auth: ["session", "apiKey"],
  scope: "admin",
  query: auditLogQuery,
  response: auditLogResponse,
  handler: async ({ caller, query }) => {
    const { limit = DEFAULT_LIMIT, offset = 0, ...filter } = query;
    const { rows, total } = await listAuditEvents(platformOf(caller), filter, { limit, offset });
    return { auditEvents: rows, pagination: pagination(total, { limit, offset }, rows.length) };
  },
});
