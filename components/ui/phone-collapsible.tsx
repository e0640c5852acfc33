"use client";
// A panel that is always shown on wide screens and folds behind a button on phones, where ten
// filter fields would push the list itself below the fold. It starts open when its content
// matters now (`initiallyOpen`: a filter is set or refused).
import { type ReactNode, useState } from "react";
import { useHydrated } from "./use-hydrated";

export function PhoneCollapsible({
  id,
  label,
  initiallyOpen,
  children,
}: {
  id: string;
  label: string;
  initiallyOpen: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const hydrated = useHydrated();
  return (
    <div>
      <button
        type="button"
        className="mb-3 flex w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 md:hidden"
        aria-expanded={open}
        aria-controls={id}
        disabled={!hydrated}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <span aria-hidden="true">{open ? "▲" : "▼"}</span>
      </button>
      <div id={id} className={open ? "" : "hidden md:block"}>
        {children}
      </div>
    </div>
  );
}
