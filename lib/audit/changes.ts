// A change as the audit log keeps it: field by field, values as short text, and secrets and
// personal data as "changed" only. Pure: the domains call it with the rows before and after.
import type { AuditChange } from "./actions";

const MAX_VALUE = 500;

/** A value as the log shows it: text (cut at 500 characters), lists comma-separated, times ISO. */
function shown(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (Array.isArray(value)) text = value.map((v) => shown(v) ?? "").join(", ");
  else if (typeof value === "object") text = JSON.stringify(value);
  else text = String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

/** A field whose values must not be kept (a secret, personal data): recorded as changed. */
export function redactedChange(field: string): AuditChange {
  return { field, before: null, after: null, redacted: true };
}

/**
 * The fields of `fields` whose value differs between `before` and `after` (null: the thing did
 * not exist, or no longer does). Fields in `redact` are recorded as changed without values.
 */
export function changesBetween(
  before: object | null,
  after: object | null,
  fields: readonly string[],
  redact: readonly string[] = [],
): AuditChange[] {
  const out: AuditChange[] = [];
  for (const field of fields) {
    const b = shown((before as Record<string, unknown> | null)?.[field]);
    const a = shown((after as Record<string, unknown> | null)?.[field]);
    if (b === a) continue;
    out.push(redact.includes(field) ? redactedChange(field) : { field, before: b, after: a, redacted: false });
  }
  return out;
}
