// Where a crosschain payment stands, for the payment page's status panel (collecting on the
// source chain → paying on the destination → paid; failed or refunded): the intent's status and
// the transactions the settlement recorded (settle-intents.ts). Scoped to the platform and the
// request of the link that created it.
import { notFound } from "../http/errors";
import { findIntent, type IntentStatus } from "./intent-store";

export interface IntentProgress {
  paymentIntentId: string;
  status: IntentStatus;
  sourceNetwork: string;
  destinationNetwork: string;
  sourceTxHash: string | null;
  destinationTxHash: string | null;
  refundTxHash: string | null;
  failureReason: string | null;
}

export async function intentProgress(platformId: string, requestId: string, id: string): Promise<IntentProgress> {
  const intent = await findIntent(platformId, id);
  if (!intent || intent.requestId !== requestId)
    throw notFound("payment_intent_not_found", "No crosschain payment intent with this id");
  return {
    paymentIntentId: intent.id,
    status: intent.status,
    sourceNetwork: intent.sourceNetwork,
    destinationNetwork: intent.destinationNetwork,
    sourceTxHash: intent.sourceTxHash,
    destinationTxHash: intent.destinationTxHash,
    refundTxHash: intent.refundTxHash,
    failureReason: intent.failureReason,
  };
}
