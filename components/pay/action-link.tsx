// A link styled as the page's main action, in the payee's action colour.
import type { AnchorHTMLAttributes } from "react";

export const ACTION_CLASSES =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-[var(--pay-action)] px-5 py-2.5 text-base font-semibold text-[var(--pay-action-text)] transition hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--pay-action)] disabled:cursor-not-allowed disabled:opacity-60";

export function ActionLink({ className = "", ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={`${ACTION_CLASSES} ${className}`} {...rest} />;
}
