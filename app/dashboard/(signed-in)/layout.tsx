import Link from "next/link";
import { DashboardNav } from "@/components/dashboard/dashboard-nav";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { requireDashboardSession } from "@/lib/dashboard";

export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const session = await requireDashboardSession();
  const who = session.user.email ?? session.user.walletAddress ?? "";
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <div className="flex min-w-0 items-baseline gap-3">
            <Link href="/dashboard" className="text-lg font-bold">
              Stablelink
            </Link>
            <Link
              href="/dashboard/settings"
              className="flex min-w-0 items-center gap-2 self-center text-sm text-slate-700 hover:underline"
              title={session.platform.name}
              data-testid="platform-name"
            >
              {session.platform.logoUrl && (
                // eslint-disable-next-line @next/next/no-img-element -- the profile's logo, a data URL
                <img src={session.platform.logoUrl} alt="" className="h-6 max-w-[6rem] object-contain" />
              )}
              <span className="truncate">{session.platform.name}</span>
            </Link>
          </div>
          <div className="flex min-w-0 items-center gap-2">
            <span
              className="max-w-[14rem] truncate font-mono text-xs text-slate-600"
              title={who}
              data-testid="signed-in-as"
            >
              {who}
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-4 px-4 py-4 md:flex-row md:gap-8 md:py-8">
        <aside className="md:w-52 md:shrink-0">
          <DashboardNav />
        </aside>
        <main className="min-w-0 flex-1">{children}</main>
      </div>
    </>
  );
}
