import Link from "next/link";
import { BrandingEditor } from "@/components/dashboard/branding/branding-editor";
import { PageHeader } from "@/components/dashboard/page-header";
import { getClientId } from "@/lib/client-ids";
import { orNotFound, requireDashboardSession } from "@/lib/dashboard";
import { getBranding } from "@/lib/secure-payments";

export const metadata = { title: "Payment page" };

export default async function ClientBrandingPage({ params }: { params: Promise<{ clientId: string }> }) {
  const { clientId } = await params;
  const session = await requireDashboardSession();
  const client = await orNotFound(getClientId(session.platform.id, clientId));
  const stored = await getBranding({ clientIdId: client.id });
  return (
    <>
      <p className="mb-4 text-sm">
        <Link href="/dashboard/branding" className="text-blue-700 underline">
          ← All client IDs
        </Link>
      </p>
      <PageHeader title="Payment page branding">
        <p>
          The look of the payment links created with{" "}
          <Link className="font-medium text-blue-700 underline" href={`/dashboard/client-ids/${client.id}`}>
            {client.label}
          </Link>{" "}
          (<code className="font-mono text-xs break-all">{client.clientId}</code>). Empty fields keep the default look.
        </p>
      </PageHeader>
      <BrandingEditor
        client={{ id: client.id, label: client.label }}
        stored={stored}
        merchantName={session.platform.name}
      />
    </>
  );
}
