"use client";
// The one button of the product. `busy` keeps the button's width and says what is happening.
// It stays disabled until React owns the page: a click on the server's HTML would do nothing
// (an onClick not yet attached) or, for a submit button, send the form natively — a sign-in
// form's password in the URL. A disabled default button also stops implicit submission.
import type { ButtonHTMLAttributes } from "react";
import { type ButtonVariant, buttonClasses } from "./button-classes";
import { useHydrated } from "./use-hydrated";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: "sm" | "md";
  busy?: boolean;
  busyLabel?: string;
}

export function Button({
  variant = "primary",
  size = "md",
  busy = false,
  busyLabel,
  className = "",
  disabled,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      className={`${buttonClasses(variant, size)} ${className}`}
      disabled={disabled || busy || !hydrated}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && (
        <span aria-hidden className="size-3.5 animate-spin rounded-full border-2 border-current border-r-transparent" />
      )}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
