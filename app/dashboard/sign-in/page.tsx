import { redirect } from "next/navigation";
import { SignInPanel } from "@/components/dashboard/sign-in/sign-in-panel";
import { sandboxDemoWallets } from "@/lib/auth";
import { getConfig } from "@/lib/config";
import { getDashboardSession, safeNextPath } from "@/lib/dashboard";

export const metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const raw = query.next;
  const next = safeNextPath(typeof raw === "string" ? raw : undefined);
  if (await getDashboardSession()) redirect(next);
  const config = getConfig();
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Sign in to Stablelink</h1>
      <p className="mt-2 mb-8 text-slate-600">
        Manage your platform’s client IDs, API keys, orchestrator links and payee destinations. A first sign-in creates
        your platform.
      </p>
      <SignInPanel
        next={next}
        wallet={{
          walletConnectProjectId: config.WALLETCONNECT_PROJECT_ID,
          appName: "Stablelink",
          appUrl: config.APP_URL,
        }}
        demoWallets={sandboxDemoWallets()}
        register={query.mode === "register"}
      />
    </main>
  );
}
