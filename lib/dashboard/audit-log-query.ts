// The audit log page's address (/dashboard/audit-log?action=…&from=…): filters read as the API
// reads them (lib/audit's query schema), days (the form's date inputs) as UTC days. Shared by
// the page and its CSV export, so both list the same entries. Pure.
import type { AuditFilter } from "../audit";
import { auditLogQuery } from "../audit/schemas";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIELDS = ["action", "actorId", "targetType", "targetId", "from", "to"] as const;
export const AUDIT_PAGE_SIZE = 50;

export interface AuditLogPageQuery {
  values: Partial<Record<(typeof FIELDS)[number], string>>;
  errors: Partial<Record<(typeof FIELDS)[number] | "offset", string>>;
  filter: AuditFilter;
  offset: number;
}

function one(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s.trim() === "" ? undefined : s.trim();
}

export function parseAuditLogPageQuery(params: Record<string, string | string[] | undefined>): AuditLogPageQuery {
  const values: AuditLogPageQuery["values"] = {};
  for (const f of FIELDS) {
    const v = one(params[f]);
    if (v !== undefined) values[f] = v;
  }
  const errors: AuditLogPageQuery["errors"] = {};
  const asApi: Record<string, string> = {};
  for (const f of ["action", "actorId", "targetType", "targetId"] as const) if (values[f]) asApi[f] = values[f];
  if (values.from) {
    if (DAY.test(values.from)) asApi.fromDate = `${values.from}T00:00:00.000Z`;
    else errors.from = "must be a day (YYYY-MM-DD)";
  }
  if (values.to) {
    if (DAY.test(values.to)) asApi.toDate = `${values.to}T23:59:59.999Z`;
    else errors.to = "must be a day (YYYY-MM-DD)";
  }
  const offsetText = one(params.offset) ?? "0";
  asApi.offset = offsetText;
  const parsed = auditLogQuery.safeParse(asApi);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      const field = key === "fromDate" ? "from" : key === "toDate" ? "to" : key;
      errors[field as keyof AuditLogPageQuery["errors"]] = issue.message;
    }
    return { values, errors, filter: {}, offset: 0 };
  }
  const { offset = 0, ...rest } = parsed.data;
  const { limit, ...filter } = rest;
  void limit; // the page's size is its own (AUDIT_PAGE_SIZE); the form sends none
  return { values, errors, filter, offset };
}

/** The page's address with these filters, at `offset`. */
export function auditLogHref(values: AuditLogPageQuery["values"], offset = 0, base = "/dashboard/audit-log"): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) q.set(k, v);
  if (offset > 0) q.set("offset", String(offset));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

/** The CSV export of the entries these filters match. */
export function auditLogCsvHref(values: AuditLogPageQuery["values"]): string {
  return auditLogHref(values, 0, "/dashboard/audit-log/export");
}
