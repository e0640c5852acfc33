import { notFound } from "next/navigation";
import { PageHeader } from "@/components/dashboard/page-header";
import { RequestDetails } from "@/components/dashboard/payments/request-details";
import { requireDashboardSession } from "@/lib/dashboard/page-session";
import { isRequestId } from "@/lib/requests/payment-reference";
import { describeRequest } from "@/lib/requests/request-status";
import { findRequest, listPayments } from "@/lib/requests/request-store";

export const metadata = { title: "Request" };

export default async function RequestPage({ params }: { params: Promise<{ requestId: string }> }) {
  const { requestId } = await params;
  const session = await requireDashboardSession();
  // Another platform's request is "not found", exactly like a missing one.
  const request = isRequestId(requestId) ? await findRequest(session.platform.id, requestId) : null;
  if (!request) notFound();
  const status = describeRequest(request, await listPayments(request.requestId));
  return (
    <>
      <PageHeader title={request.reference ? `Request ${request.reference}` : "Request"}>
        <p className="font-mono text-xs break-all">{request.requestId}</p>
      </PageHeader>
      <RequestDetails status={status} />
    </>
  );
}
