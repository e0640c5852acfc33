import { PageHeader } from "@/components/dashboard/page-header";
import { ScreeningsTable } from "@/components/dashboard/screening/screenings-table";
import { requireDashboardSession } from "@/lib/dashboard";
import { latestScreenings } from "@/lib/kyt";

export const metadata = { title: "Wallet screening" };

export default async function ScreeningPage() {
  const session = await requireDashboardSession();
  const rows = await latestScreenings(session.platform.id);
  return (
    <>
      <PageHeader title="Wallet screening">
        <p>
          Payment links created with <code>accessPolicy.mode</code> <code>kyt_all_wallets</code> screen the payer’s
          wallet (and a payout’s recipient) against the OFAC list and the on-chain sanctions oracle before the wallet
          gets anything to sign. The newest 100 results; each is also sent as <code>kyt.screening.completed</code>.
        </p>
      </PageHeader>
      <ScreeningsTable rows={rows} />
    </>
  );
}
