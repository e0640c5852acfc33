import Link from "next/link";
import { GettingStarted } from "@/components/dashboard/getting-started";
import { PageHeader } from "@/components/dashboard/page-header";
import { PaymentsTable } from "@/components/dashboard/payments/payments-table";
import { RpcStatusPanel } from "@/components/dashboard/rpc-status-panel";
import { VolumeChart } from "@/components/dashboard/volume-chart";
import { listApiKeys } from "@/lib/auth";
import { listClientIds } from "@/lib/client-ids";
import { loadGettingStarted, loadOverview, loadRpcStatus, requireDashboardSession, VOLUME_DAYS } from "@/lib/dashboard";
import { listPlatformLinks } from "@/lib/orchestrators";

export const metadata = { title: "Overview" };

function Stat({ href, label, value, hint }: { href: string; label: string; value: number | string; hint: string }) {
  return (
    <Link
      href={href}
      className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-300 focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-semibold">{value}</p>
      <p className="mt-1 text-xs text-slate-500">{hint}</p>
    </Link>
  );
}

export default async function OverviewPage() {
  const session = await requireDashboardSession();
  const platformId = session.platform.id;
  const [clientIds, apiKeys, links, money] = await Promise.all([
    listClientIds(platformId),
    listApiKeys(platformId),
    listPlatformLinks(platformId),
    loadOverview(platformId),
  ]);
  const activeClientIds = clientIds.filter((c) => c.status === "active").length;
  const activeKeys = apiKeys.filter((k) => !k.revokedAt).length;
  const activeLinks = links.filter((l) => l.status === "active").length;
  const steps = await loadGettingStarted(platformId, money.paymentsCount);
  const setUp = steps.filter((s) => s.essential).every((s) => s.done);
  const rpc = loadRpcStatus(); // null in the sandbox
  return (
    <>
      <PageHeader title="Overview">
        <p>
          Signed in to <strong>{session.platform.name}</strong>
          {session.sessionKind === "wallet"
            ? " with a wallet: the session ends after 15 minutes without activity."
            : " with email and password."}
        </p>
      </PageHeader>
      {!setUp && <GettingStarted steps={steps} />}
      <div className="mb-4 grid gap-4 sm:grid-cols-2">
        <Stat
          href="/dashboard/payments"
          label="Payments"
          value={money.paymentsCount}
          hint="Detected on chain for your requests, all time"
        />
        <Stat
          href="/dashboard/payment-links"
          label="Open payment links"
          value={`${money.openLinks}${money.openLinksCapped ? "+" : ""}`}
          hint={money.openLinksCapped ? "Among your newest 200 links: waiting for a payer" : "Waiting for a payer"}
        />
      </div>
      <section
        aria-labelledby="volume-heading"
        className="mb-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="volume-heading" className="mb-3 text-lg font-semibold">
          Received, last {VOLUME_DAYS} days (UTC)
        </h2>
        <VolumeChart volume={money.volume} days={VOLUME_DAYS} />
      </section>
      {rpc && <RpcStatusPanel networks={rpc} />}
      <section aria-labelledby="recent-heading" className="mb-8">
        <div className="mb-2 flex items-baseline justify-between">
          <h2 id="recent-heading" className="text-lg font-semibold">
            Recent payments
          </h2>
          <Link className="text-sm text-blue-700 underline" href="/dashboard/payments">
            All payments
          </Link>
        </div>
        {money.recent.length > 0 ? (
          <PaymentsTable payments={money.recent} />
        ) : (
          <p className="text-sm text-slate-600">
            No payments yet: they appear here once a request of yours is paid on chain.
          </p>
        )}
      </section>
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat
          href="/dashboard/client-ids"
          label="Active client IDs"
          value={activeClientIds}
          hint="Browser credentials, checked against their origins"
        />
        <Stat
          href="/dashboard/api-keys"
          label="Active API keys"
          value={activeKeys}
          hint="Server credentials (x-api-key)"
        />
        <Stat
          href="/dashboard/links"
          label="Orchestrator links"
          value={activeLinks}
          hint="Orchestrators acting for your client IDs"
        />
      </div>
      {setUp && (
        <div className="mt-8">
          <GettingStarted steps={steps} />
        </div>
      )}
    </>
  );
}
