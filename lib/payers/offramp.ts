// Off-ramp payments (docs/interface.md "Off-ramp payments"): a crypto-to-fiat request is paid
// in crypto to the operator's deposit address; the payer and bank account named in /pay are
// bound to it (compliant payers only); detection moves the fiat leg to `initiated` and holds
// `payment.confirmed` back; the fiat provider (built-in: the operator in the dashboard) then
// walks it to `fiat_sent` (payment.confirmed) or `bounced` (payment.failed).
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { conflict, forbidden, notFound } from "../http/errors";
import { type EventFields, type EventOwner, emitEvents, type OutgoingEvent, webhookEvent } from "../webhooks";
import { AWAITING_PAYMENT, type FiatSubStatus, refuseFiatStep } from "./fiat-steps";
import { findPayer, hasPaymentDetail, isCompliant } from "./payer-store";

type Tx = Prisma.TransactionClient;

/** `paymentProcessor` of the fiat leg's events. */
const OFFRAMP_PROCESSOR = "offramp";

interface HeldConfirmation {
  owner: EventOwner;
  fields: Omit<EventFields<"payment.confirmed">, "timestamp">;
}

/** GET /v2/request/{id}/pay with clientUserId and paymentDetailsId: refuses, or binds the payer to the request. */
export async function bindOfframpPayer(
  platformId: string,
  requestId: string,
  clientUserId: string,
  paymentDetailsId: string,
): Promise<void> {
  await (await db()).$transaction(async (tx) => {
    const payer = await findPayer(platformId, clientUserId, tx);
    if (!payer) throw notFound("payer_not_found", `Payer with client user ID ${clientUserId} not found`);
    if (!(await hasPaymentDetail(tx, payer.id, paymentDetailsId)))
      throw notFound("payment_details_not_found", `Payment details ${paymentDetailsId} not found for this payer`);
    if (!isCompliant(payer)) {
      throw forbidden(
        "payer_not_compliant",
        `Payer ${clientUserId} is not compliant (KYC ${payer.kycStatus}, agreement ${payer.agreementStatus}): both must be completed before an off-ramp payment`,
      );
    }
    const existing = await tx.offrampPayment.findUnique({ where: { requestId } });
    if (existing && existing.subStatus !== AWAITING_PAYMENT)
      throw conflict("offramp_already_paid", "This off-ramp request was already paid");
    await tx.offrampPayment.upsert({
      where: { requestId },
      create: { requestId, platformId, payerId: payer.id, paymentDetailId: paymentDetailsId },
      update: { payerId: payer.id, paymentDetailId: paymentDetailsId },
    });
  });
}

/** The requests among `requestIds` whose payment starts a fiat leg (bound and not paid yet). */
export async function awaitingFiat(tx: Tx, requestIds: string[]): Promise<Set<string>> {
  if (requestIds.length === 0) return new Set();
  const rows = await tx.offrampPayment.findMany({
    where: { requestId: { in: requestIds }, subStatus: AWAITING_PAYMENT },
    select: { requestId: true },
  });
  return new Set(rows.map((r) => r.requestId));
}

/** Detection saw the crypto payment: the fiat leg starts, `payment.confirmed` waits for `fiat_sent`. */
export async function startFiatLeg(
  tx: Tx,
  confirmed: OutgoingEvent<"payment.confirmed">,
  now = new Date(),
): Promise<OutgoingEvent> {
  // What webhookEvent derives (event, requestID, clientId, orchestratorId, timestamp) is left out.
  const fields = Object.fromEntries(
    Object.entries(confirmed.payload).filter(
      ([k]) => !["event", "requestID", "clientId", "orchestratorId", "timestamp"].includes(k),
    ),
  ) as HeldConfirmation["fields"];
  const held: HeldConfirmation = { owner: confirmed.owner, fields };
  await tx.offrampPayment.update({
    where: { requestId: fields.requestId },
    data: { subStatus: "initiated", txHash: fields.txHash, confirmation: held as unknown as Prisma.InputJsonValue },
  });
  return processingEvent(held, "initiated", now);
}

function processingEvent(held: HeldConfirmation, subStatus: FiatSubStatus, now: Date): OutgoingEvent {
  const f = held.fields;
  return webhookEvent("payment.processing", held.owner, {
    requestId: f.requestId,
    paymentReference: f.paymentReference,
    txHash: f.txHash,
    network: f.network,
    subStatus,
    paymentProcessor: OFFRAMP_PROCESSOR,
    timestamp: now,
  });
}

/**
 * One step of the fiat leg, reported by the fiat provider (built-in: the operator in the
 * dashboard). Emits `payment.processing` with the step, then `payment.confirmed` at
 * `fiat_sent` or `payment.failed` at `bounced`.
 */
export async function advanceFiatLeg(
  platformId: string,
  requestId: string,
  subStatus: FiatSubStatus,
  reason?: string,
  now = new Date(),
): Promise<void> {
  await (await db()).$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { sub_status: string }[]
    >`SELECT sub_status FROM offramp_payments WHERE request_id = ${requestId} AND platform_id = ${platformId}::uuid FOR UPDATE`;
    if (!row) throw notFound("offramp_payment_not_found", "No off-ramp payment for this request");
    const refused = refuseFiatStep(row.sub_status, subStatus);
    if (refused) throw conflict("offramp_step_invalid", `Cannot move to ${subStatus}: ${refused}`);
    const stored = await tx.offrampPayment.update({
      where: { requestId },
      data: {
        subStatus,
        failureReason: subStatus === "bounced" || subStatus === "retry_required" ? (reason ?? null) : null,
      },
    });
    const held = stored.confirmation as unknown as HeldConfirmation;
    const events: OutgoingEvent[] = [processingEvent(held, subStatus, now)];
    if (subStatus === "fiat_sent") {
      events.push(
        webhookEvent("payment.confirmed", held.owner, {
          ...held.fields,
          isCryptoToFiat: true,
          subStatus,
          paymentProcessor: OFFRAMP_PROCESSOR,
          timestamp: now,
        }),
      );
    } else if (subStatus === "bounced") {
      events.push(
        webhookEvent("payment.failed", held.owner, {
          requestId,
          paymentReference: held.fields.paymentReference,
          subStatus,
          paymentProcessor: OFFRAMP_PROCESSOR,
        }),
      );
    }
    await emitEvents(tx, events);
  });
}

export interface FiatProgress {
  subStatus: string;
  paymentDetailsId: string;
  failureReason: string | null;
  updatedAt: Date;
}

/** What GET /v2/request/{id} shows of the fiat leg; null for a request without one. */
export async function fiatProgress(requestId: string): Promise<FiatProgress | null> {
  const row = await (await db()).offrampPayment.findUnique({ where: { requestId } });
  return (
    row && {
      subStatus: row.subStatus,
      paymentDetailsId: row.paymentDetailId,
      failureReason: row.failureReason,
      updatedAt: row.updatedAt,
    }
  );
}

/** The dashboard's off-ramp list. */
export async function listOfframpPayments(platformId: string) {
  return (await db()).offrampPayment.findMany({ where: { platformId }, orderBy: { updatedAt: "desc" }, take: 200 });
}
