import { LinkRequestReview } from "@/components/dashboard/link-request-review";
import { listClientIds } from "@/lib/client-ids";
import { orNotFound, requireDashboardSession } from "@/lib/dashboard";
import { getLinkRequest } from "@/lib/orchestrators";

export const metadata = { title: "Onboarding request" };

export default async function LinkRequestPage({
  params,
  searchParams,
}: {
  params: Promise<{ intentId: string }>;
  searchParams: Promise<{ key?: string | string[] }>;
}) {
  const { intentId } = await params;
  const given = (await searchParams).key;
  const key = typeof given === "string" ? given : undefined; // the onboarding URL's key (lib/orchestrators/onboarding-key.ts)
  const session = await requireDashboardSession();
  const [request, clientIds] = await Promise.all([
    orNotFound(getLinkRequest(session.platform.id, { intentId, key })),
    listClientIds(session.platform.id),
  ]);
  const selectable = clientIds
    .filter((c) => c.status === "active")
    .map((c) => ({ id: c.id, clientId: c.clientId, label: c.label }));
  return <LinkRequestReview request={request} clientIds={selectable} onboardingKey={key ?? ""} />;
}
