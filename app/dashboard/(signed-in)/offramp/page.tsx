import { PageHeader } from "@/components/dashboard/page-header";
import { OfframpManager } from "@/components/dashboard/payers/offramp-manager";
import { requireDashboardSession } from "@/lib/dashboard";
import { offrampPage } from "@/lib/payers";

export const metadata = { title: "Off-ramp payments" };

export default async function OfframpPage() {
  const session = await requireDashboardSession();
  return (
    <>
      <PageHeader title="Off-ramp payments">
        <p>
          Crypto-to-fiat payments: the crypto arrives at your deposit address, then you report each step of the bank
          transfer. Each step sends payment.processing; fiat_sent sends payment.confirmed, bounced sends payment.failed.
        </p>
      </PageHeader>
      <OfframpManager rows={await offrampPage(session.platform.id)} />
    </>
  );
}
