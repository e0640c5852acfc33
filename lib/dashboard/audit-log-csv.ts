// GET /dashboard/audit-log/export: the entries the audit log page's filters match, as CSV, for
// the signed-in platform (the session cookie, as the pages read it), streamed a page at a time.
// Cells go through csvField, which quotes text a spreadsheet would run as a formula: a webhook
// URL or a key's name is the platform's people's text.
import { resolveSession } from "../auth";
import { readCookie, SESSION_COOKIE } from "../http/caller";
import { errorResponse } from "../http/errors";
import { parseAuditLogPageQuery } from "./audit-log-query";
import { type AuditLogRow, walkAuditLogRows } from "./audit-log-rows";
import { csvField } from "./payments-csv";

const COLUMNS: [string, (r: AuditLogRow) => string | null][] = [
  ["time", (r) => r.at.toISOString()],
  ["action", (r) => r.action],
  ["actor", (r) => r.actor],
  ["actor_id", (r) => r.actorId],
  ["target", (r) => r.target],
  ["changes", (r) => r.changes],
  ["source", (r) => r.source],
];

export function auditCsvLine(row: AuditLogRow): string {
  return `${COLUMNS.map(([, get]) => csvField(get(row))).join(",")}\r\n`;
}

export async function exportAuditLogCsv(req: Request, now = new Date()): Promise<Response> {
  const token = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
  const session = token ? await resolveSession(token) : null;
  if (!session)
    return errorResponse(401, "credentials_not_accepted", "Sign in to the dashboard to export the audit log");
  const url = new URL(req.url);
  const { filter, errors } = parseAuditLogPageQuery(Object.fromEntries(url.searchParams));
  const invalid = Object.entries(errors);
  if (invalid.length > 0)
    return errorResponse(400, "validation_failed", "Validation failed", {
      errors: invalid.map(([field, message]) => ({ field, message: message ?? "is not valid" })),
    });
  // Entries written after the export began are left out, so the file is one moment's log.
  const capped = { ...filter, toDate: filter.toDate && filter.toDate < now ? filter.toDate : now };
  const pages = walkAuditLogRows(session.platformId, capped);
  const encoder = new TextEncoder();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${COLUMNS.map(([name]) => name).join(",")}\r\n`));
      }
      const next = await pages.next();
      if (next.done) controller.close();
      else if (next.value.length > 0) controller.enqueue(encoder.encode(next.value.map(auditCsvLine).join("")));
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="audit-log-${now.toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
