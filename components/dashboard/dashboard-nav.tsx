// The section menu: a sidebar on wide screens, a scrolling row of tabs on phones.
"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { isActiveSection, NAV_SECTIONS } from "./nav-sections";

export function DashboardNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Dashboard">
      <ul className="flex gap-1 overflow-x-auto md:flex-col md:overflow-visible">
        {NAV_SECTIONS.map((s) => {
          const active = isActiveSection(s, pathname);
          return (
            <li key={s.href} className="shrink-0">
              <Link
                href={s.href}
                aria-current={active ? "page" : undefined}
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
