import Link from "next/link";
import { OpenOnboardingLink } from "@/components/dashboard/open-onboarding-link";
import { PageHeader } from "@/components/dashboard/page-header";
import { formatTime } from "@/components/ui/format-time";
import { EmptyState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, Td, Th } from "@/components/ui/table";
import { listClientIds } from "@/lib/client-ids";
import { requireDashboardSession } from "@/lib/dashboard";
import { listPlatformLinks } from "@/lib/orchestrators";

export const metadata = { title: "Orchestrator links" };

export default async function LinksPage() {
  const session = await requireDashboardSession();
  const [links, clientIds] = await Promise.all([
    listPlatformLinks(session.platform.id),
    listClientIds(session.platform.id),
  ]);
  const byClientId = new Map(clientIds.map((c) => [c.clientId, c]));
  return (
    <>
      <PageHeader title="Orchestrator links">
        <p>
          A linked orchestrator creates secure payments on behalf of one of your client IDs. Link one from a client ID’s
          page, or approve the onboarding link an orchestrator sends you.
        </p>
      </PageHeader>
      <section className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <OpenOnboardingLink />
      </section>
      {links.length === 0 ? (
        <EmptyState title="No orchestrator links">
          None of your client IDs is or was linked to an orchestrator.
        </EmptyState>
      ) : (
        <Table label="Orchestrator links">
          <thead>
            <tr>
              <Th>Orchestrator</Th>
              <Th>Client ID</Th>
              <Th>How</Th>
              <Th>Status</Th>
              <Th>Linked</Th>
              <Th>Ended</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {links.map((l) => {
              const client = l.clientId ? byClientId.get(l.clientId) : undefined;
              return (
                <tr key={l.linkId} data-testid="link-row">
                  <Td>
                    <span className="font-medium">{l.orchestratorName}</span>
                    {l.externalId && <span className="block text-xs text-slate-500">ref {l.externalId}</span>}
                  </Td>
                  <Td>
                    {client ? (
                      <Link className="text-blue-700 underline" href={`/dashboard/client-ids/${client.id}`}>
                        {client.label}
                      </Link>
                    ) : (
                      <span className="font-mono text-xs">{l.clientId}</span>
                    )}
                  </Td>
                  <Td>{l.method === "hosted" ? "onboarding" : "direct"}</Td>
                  <Td>
                    <StatusBadge status={l.status} />
                  </Td>
                  <Td className="whitespace-nowrap">{formatTime(l.linkedAt)}</Td>
                  <Td className="whitespace-nowrap">{formatTime(l.unlinkedAt)}</Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </>
  );
}
