// The audit log's filters: a plain GET form, like the payments page's, so a filtered log is an
// address that can be reloaded and shared. A refused value stays in its field with the reason.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";
import { SelectField, TextField } from "@/components/ui/form-fields";
import { PhoneCollapsible } from "@/components/ui/phone-collapsible";
import { AUDIT_ACTIONS } from "@/lib/audit/browser";
import type { AuditLogPageQuery } from "@/lib/dashboard";

export function AuditLogFilters({
  values,
  errors,
}: {
  values: AuditLogPageQuery["values"];
  errors: AuditLogPageQuery["errors"];
}) {
  const active = Object.values(values).filter(Boolean).length;
  return (
    <PhoneCollapsible
      id="audit-log-filters"
      label={active > 0 ? `Filters (${active} set)` : "Filters"}
      initiallyOpen={active > 0 || Object.values(errors).some(Boolean)}
    >
      <form
        method="get"
        action="/dashboard/audit-log"
        role="search"
        aria-label="Filter the audit log"
        className="mb-6 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
      >
        <SelectField label="Action" name="action" error={errors.action} defaultValue={values.action ?? ""}>
          <option value="">any</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Actor (user or API key id)"
          name="actorId"
          error={errors.actorId}
          defaultValue={values.actorId}
          spellCheck={false}
        />
        <TextField
          label="Target type"
          name="targetType"
          error={errors.targetType}
          defaultValue={values.targetType}
          placeholder="api_key, webhook, client_id…"
          spellCheck={false}
        />
        <TextField
          label="Target id"
          name="targetId"
          error={errors.targetId}
          defaultValue={values.targetId}
          spellCheck={false}
        />
        <TextField label="From (UTC day)" name="from" error={errors.from} type="date" defaultValue={values.from} />
        <TextField label="Until (UTC day)" name="to" error={errors.to} type="date" defaultValue={values.to} />
        <div className="flex items-end gap-2 sm:col-span-2">
          <button type="submit" className={buttonClasses("primary")}>
            Search
          </button>
          <Link href="/dashboard/audit-log" className={buttonClasses("secondary")}>
            Clear
          </Link>
        </div>
      </form>
    </PhoneCollapsible>
  );
}
