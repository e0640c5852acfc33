"use client";

// Labelled form fields with their hint and error wired for screen readers. Like <Button>, they
// stay disabled until React owns the page, so nothing typed before hydration is lost or resent.
import { type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";
import { useHydrated } from "./use-hydrated";

interface FieldChrome {
  label: string;
  hint?: string;
  error?: string;
  /** The word after an optional field's label, in the page's language ("optional"). */
  optionalLabel?: string;
}

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
}

function Chrome({
  id,
  label,
  hint,
  error,
  required,
  optionalLabel = "optional",
  children,
}: FieldChrome & { id: string; required?: boolean; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {!required && <span className="font-normal text-slate-500"> ({optionalLabel})</span>}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const INPUT =
  "block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-blue-700 disabled:bg-slate-100";

export function TextField({
  label,
  hint,
  error,
  optionalLabel,
  className = "",
  ...input
}: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const hydrated = useHydrated();
  return (
    <Chrome id={id} label={label} hint={hint} error={error} required={input.required} optionalLabel={optionalLabel}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${INPUT} ${error ? "border-red-500" : "border-slate-300"} ${className}`}
        {...input}
        disabled={input.disabled || !hydrated}
      />
    </Chrome>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  className = "",
  ...area
}: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const hydrated = useHydrated();
  return (
    <Chrome id={id} label={label} hint={hint} error={error} required={area.required}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${INPUT} ${error ? "border-red-500" : "border-slate-300"} ${className}`}
        {...area}
        disabled={area.disabled || !hydrated}
      />
    </Chrome>
  );
}

export function SelectField({
  label,
  hint,
  error,
  className = "",
  children,
  ...select
}: FieldChrome & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  const hydrated = useHydrated();
  return (
    <Chrome id={id} label={label} hint={hint} error={error} required={select.required}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${INPUT} ${error ? "border-red-500" : "border-slate-300"} ${className}`}
        {...select}
        disabled={select.disabled || !hydrated}
      >
        {children}
      </select>
    </Chrome>
  );
}

/** The message of a failed submission, with the field errors that have no field on the form. */
export function FormError({ message, details = [] }: { message?: string | null; details?: string[] }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      <p>{message}</p>
      {details.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
