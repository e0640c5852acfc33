import { notFound } from "next/navigation";
import { PageHeader } from "@/components/dashboard/page-header";
import { RequestDeposit } from "@/components/dashboard/payments/request-deposit";
import { RequestDetails } from "@/components/dashboard/payments/request-details";
import { RequestOccurrences } from "@/components/dashboard/payments/request-occurrences";
import { RequestRefunds } from "@/components/dashboard/payments/request-refunds";
import { RequestDeliveries } from "@/components/dashboard/webhooks/request-deliveries";
import { NETWORKS } from "@/lib/chains/networks";
import { requireDashboardSession } from "@/lib/dashboard";
import { describeRefunds, paymentsOfRequest, refundsOfRequest } from "@/lib/payments";
import { refundListResponse } from "@/lib/payments/schemas";
import { describeRequest, findRequest, isRequestId, listOccurrences } from "@/lib/requests";
import { requestStatusResponse } from "@/lib/requests/schemas";
import { deliveriesAboutRequest } from "@/lib/webhooks";
import { wireForm } from "@/lib/zod/wire-form";

export const metadata = { title: "Request" };

export default async function RequestPage({ params }: { params: Promise<{ requestId: string }> }) {
  const { requestId } = await params;
  const session = await requireDashboardSession();
  // Another platform's request is "not found", exactly like a missing one.
  const request = isRequestId(requestId) ? await findRequest(session.platform.id, requestId) : null;
  if (!request) notFound();
  const recurs = request.nextOccurrence !== null;
  const [payments, refunds, refundList, deliveries, occurrences] = await Promise.all([
    paymentsOfRequest(request.requestId),
    refundsOfRequest(request.requestId),
    describeRefunds(request),
    deliveriesAboutRequest(session.platform.id, request.requestId),
    recurs ? listOccurrences(session.platform.id, request.requestId) : [],
  ]);
  const status = wireForm(requestStatusResponse, describeRequest(request, payments, null, refunds));
  return (
    <>
      <PageHeader title={request.reference ? `Request ${request.reference}` : "Request"}>
        <p className="font-mono text-xs break-all">{request.requestId}</p>
      </PageHeader>
      <RequestDetails status={status} />
      <RequestDeposit deposit={status.deposit} />
      {payments.length > 0 && (
        <RequestRefunds
          requestId={request.requestId}
          list={wireForm(refundListResponse, refundList)}
          chainId={NETWORKS[request.network].chainId}
          evm={NETWORKS[request.network].family !== "tron"}
        />
      )}
      {recurs && (
        <RequestOccurrences
          occurrences={occurrences}
          nextOccurrenceAt={request.nextOccurrenceAt}
          stopped={request.isRecurrenceStopped}
        />
      )}
      <RequestDeliveries deliveries={deliveries} />
    </>
  );
}
