// The dashboard's sections, in menu order. A new page adds one entry here, and only once the
// page exists (no links to pages that are not there).
export interface NavSection {
  href: string;
  label: string;
  /** Also highlighted on the pages below it (e.g. a client ID's own page). */
  matchPrefix?: boolean;
}

export const NAV_SECTIONS: NavSection[] = [
  { href: "/dashboard", label: "Overview" },
  { href: "/dashboard/client-ids", label: "Client IDs", matchPrefix: true },
  { href: "/dashboard/api-keys", label: "API keys", matchPrefix: true },
  { href: "/dashboard/webhooks", label: "Webhooks", matchPrefix: true },
  { href: "/dashboard/links", label: "Orchestrator links", matchPrefix: true },
  { href: "/dashboard/payee-destinations", label: "Payee destinations" },
  { href: "/dashboard/payment-links", label: "Payment links" },
  { href: "/dashboard/subscriptions", label: "Subscriptions" },
  { href: "/dashboard/payments", label: "Payments", matchPrefix: true },
  { href: "/dashboard/screening", label: "Wallet screening" },
  { href: "/dashboard/payers", label: "Payers" },
  { href: "/dashboard/offramp", label: "Off-ramp" },
  { href: "/dashboard/liquidity", label: "Crosschain liquidity" },
  { href: "/dashboard/branding", label: "Payment page", matchPrefix: true },
  { href: "/dashboard/audit-log", label: "Audit log" },
  { href: "/dashboard/settings", label: "Settings" },
];

export function isActiveSection(section: NavSection, pathname: string): boolean {
  if (pathname === section.href) return true;
  return Boolean(section.matchPrefix) && pathname.startsWith(`${section.href}/`);
}
