import Link from "next/link";
import { PageHeader } from "@/components/dashboard/page-header";
import { CreatePaymentLinkForm } from "@/components/dashboard/payment-links/create-payment-link-form";
import { PaymentLinksTable } from "@/components/dashboard/payment-links/payment-links-table";
import { EmptyState } from "@/components/ui/states";
import { NETWORKS } from "@/lib/chains/networks";
import { requireDashboardSession } from "@/lib/dashboard";
import { listDestinations } from "@/lib/payee-destinations";
import { LINK_STATES, type LinkState, listPaymentLinks } from "@/lib/secure-payments";

export const metadata = { title: "Payment links" };

const TAB_LABELS: Record<LinkState | "all", string> = {
  all: "All",
  open: "Open",
  paid: "Paid",
  expired: "Expired",
  cancelled: "Cancelled",
};

export default async function PaymentLinksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await requireDashboardSession();
  const asked = (await searchParams).state;
  const state = LINK_STATES.find((s) => s === asked);
  const [all, destinations] = await Promise.all([
    listPaymentLinks(session.platform.id),
    listDestinations(session.platform.id, { active: true }),
  ]);
  const links = state ? all.filter((l) => l.state === state) : all;
  const count = (s: LinkState | "all") => (s === "all" ? all.length : all.filter((l) => l.state === s).length);
  return (
    <>
      <PageHeader title="Payment links">
        <p>
          Links a payer opens to pay you in stablecoins. The same links are created by{" "}
          <code className="rounded bg-slate-100 px-1">POST /v2/secure-payments</code> from your servers.
        </p>
      </PageHeader>
      <div className="space-y-6">
        {destinations.length > 0 ? (
          <CreatePaymentLinkForm
            destinations={destinations.map((d) => ({
              destinationId: d.destinationId,
              label: `${d.symbol} on ${NETWORKS[d.network].name} to ${d.walletAddress}`,
            }))}
          />
        ) : (
          <EmptyState title="No payee destination yet">
            A link pays one of your payee destinations: where your wallet wants to be paid.{" "}
            <Link className="underline" href="/dashboard/payee-destinations">
              Add your payee wallet
            </Link>{" "}
            (it signs a message there, whether you signed in with email or a wallet), then come back here.
          </EmptyState>
        )}
        <section aria-labelledby="links-title" className="space-y-3">
          <h2 id="links-title" className="text-lg font-semibold">
            Your links
          </h2>
          <nav aria-label="Link states" className="flex flex-wrap gap-1">
            {(["all", ...LINK_STATES] as const).map((s) => {
              const current = (s === "all" && !state) || s === state;
              return (
                <Link
                  key={s}
                  href={s === "all" ? "/dashboard/payment-links" : `/dashboard/payment-links?state=${s}`}
                  aria-current={current ? "page" : undefined}
                  className={`rounded-full px-3 py-1 text-sm ${current ? "bg-blue-100 font-medium text-blue-900" : "text-slate-700 hover:bg-slate-200"}`}
                >
                  {TAB_LABELS[s]} ({count(s)})
                </Link>
              );
            })}
          </nav>
          {links.length === 0 ? (
            <EmptyState title={state ? `No ${state} links` : "No payment links yet"}>
              {state
                ? "Links in this state appear here."
                : destinations.length > 0
                  ? "Create one above and send it to the payer."
                  : "Once a payee destination is added, the form to create one appears above."}
            </EmptyState>
          ) : (
            <PaymentLinksTable links={links} />
          )}
          <p className="text-sm text-slate-600">
            Cancel an open link nobody has paid yet from its row (or with{" "}
            <code>{"POST /v2/secure-payments/{token}/cancel"}</code>); otherwise it stops being payable at its expiry.
          </p>
        </section>
      </div>
    </>
  );
}
