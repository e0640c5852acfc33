import { PageHeader } from "@/components/dashboard/page-header";
import { PayersManager } from "@/components/dashboard/payers/payers-manager";
import { requireDashboardSession } from "@/lib/dashboard";
import { payersPage } from "@/lib/payers";

export const metadata = { title: "Payers" };

export default async function PayersPage() {
  const session = await requireDashboardSession();
  const payers = await payersPage(session.platform.id, session.user.id);
  return (
    <>
      <PageHeader title="Payers">
        <p>
          Payers of crypto-to-fiat payments and their compliance. A payer submits their data on the hosted KYC page; you
          approve or reject it here. Identity and bank data are stored encrypted and shown masked; the review queue
          shows what the payer submitted with the tax number masked until you reveal it. Opening the queue and each
          reveal are recorded.
        </p>
      </PageHeader>
      <PayersManager payers={payers} />
    </>
  );
}
