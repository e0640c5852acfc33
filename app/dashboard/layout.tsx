import type { Metadata } from "next";
import { SandboxBanner } from "@/components/ui/sandbox-banner";
import { getConfig } from "@/lib/config";

export const metadata: Metadata = {
  title: { default: "Dashboard", template: "%s · Stablelink dashboard" },
  robots: { index: false },
};

export default function DashboardRootLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      {getConfig().sandbox && <SandboxBanner />}
      {children}
    </div>
  );
}
