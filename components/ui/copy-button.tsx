// Copies a value to the clipboard and says so (to screen readers too).
"use client";

import { useEffect, useState } from "react";
import { buttonClasses } from "./button-classes";
import { useHydrated } from "./use-hydrated";

async function writeClipboard(value: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(value);
  // Plain-http origins other than localhost have no async clipboard API.
  const area = document.createElement("textarea");
  area.value = value;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

export function CopyButton({ value, label = "Copy", what }: { value: string; label?: string; what: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <button
      type="button"
      // Never squeezed into a column of letters ("C / op / y") beside a long address on a phone.
      className={`${buttonClasses("secondary", "sm")} shrink-0 whitespace-nowrap`}
      disabled={!hydrated}
      aria-label={`${label} ${what}`}
      onClick={() =>
        writeClipboard(value).then(
          () => setState("copied"),
          () => setState("failed"),
        )
      }
    >
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}</span>
    </button>
  );
}
