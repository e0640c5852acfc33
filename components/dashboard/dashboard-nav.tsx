// The section menu: a sidebar on wide screens; on phones a "Menu" button that opens the whole
// list (a scrolling row of tabs hid half the sections off-screen).
"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { isActiveSection, NAV_SECTIONS } from "./nav-sections";

export function DashboardNav() {
  const pathname = usePathname();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const current = NAV_SECTIONS.find((s) => isActiveSection(s, pathname));
  return (
    <nav aria-label="Dashboard">
      <button
        type="button"
        className="flex w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 md:hidden"
        aria-expanded={open}
        aria-controls="dashboard-sections"
        disabled={!hydrated}
        onClick={() => setOpen((o) => !o)}
      >
        <span>Menu{current ? <span className="text-slate-600"> · {current.label}</span> : null}</span>
        <span aria-hidden="true">{open ? "▲" : "▼"}</span>
      </button>
      <ul id="dashboard-sections" className={`${open ? "mt-2 flex" : "hidden"} flex-col gap-1 md:mt-0 md:flex`}>
        {NAV_SECTIONS.map((s) => {
          const active = isActiveSection(s, pathname);
          return (
            <li key={s.href}>
              <Link
                href={s.href}
                aria-current={active ? "page" : undefined}
                onClick={() => setOpen(false)}
                className={`block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-blue-700 ${
                  active ? "bg-blue-100 text-blue-900" : "text-slate-700 hover:bg-slate-200"
                }`}
              >
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
