import Link from "next/link";
import { NoClientIdsYet } from "@/components/dashboard/no-client-ids";
import { PageHeader } from "@/components/dashboard/page-header";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, Td, Th } from "@/components/ui/table";
import { listClientIds } from "@/lib/client-ids";
import { requireDashboardSession } from "@/lib/dashboard";
import { getBranding } from "@/lib/secure-payments";

export const metadata = { title: "Payment page" };

export default async function BrandingPage() {
  const session = await requireDashboardSession();
  const clientIds = await listClientIds(session.platform.id);
  const branded = await Promise.all(clientIds.map((c) => getBranding({ clientIdId: c.id })));
  return (
    <>
      <PageHeader title="Payment page">
        <p>
          How the secure payment page looks to your payers: your logo, colours, and links to your terms and privacy
          policy. Each client ID has its own look, used by the payment links created with it. Pick one to edit it with a
          live preview.
        </p>
      </PageHeader>
      {clientIds.length === 0 ? (
        <NoClientIdsYet>Branding belongs to a client ID. Create one first.</NoClientIdsYet>
      ) : (
        <Table label="Client IDs and their payment page branding">
          <thead>
            <tr>
              <Th>Client ID</Th>
              <Th>Status</Th>
              <Th>Look</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {clientIds.map((c, i) => (
              <tr key={c.id} data-testid="branding-client-row">
                <Td className="min-w-40">
                  <Link className="font-medium text-blue-700 underline" href={`/dashboard/branding/${c.id}`}>
                    {c.label}
                  </Link>
                  <span className="block font-mono text-xs whitespace-nowrap text-slate-500">{c.clientId}</span>
                </Td>
                <Td>
                  <StatusBadge status={c.status} />
                </Td>
                <Td className="whitespace-nowrap">{branded[i] ? "Your branding" : "Default"}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
