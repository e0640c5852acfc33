// Activating, reading, cancelling and resuming a recurring payout (/v2/payouts/recurring/{id}).
// Every lookup is scoped to the caller's platform: another platform's id is the same 404.
import type { Hex, VerifyTypedDataParameters } from "viem";
import { getPublicClient } from "../chains/clients";
import { requiresAllowanceReset, tokenByAddress } from "../chains/currencies";
import { NETWORKS } from "../chains/networks";
import { schedulePermitTypedData } from "../chains/recurring-proxy";
import { badRequest, notFound } from "../http/errors";
import { paymentsOfRequest } from "../payments";
import { findRequest, setRecurrenceStopped } from "../requests";
import { approveTransactions } from "./create-recurring-payout";
import {
  findRecurringPayment,
  listInstalments,
  openSchedulesOf,
  type RecurringPayment,
  transition,
} from "./recurring-store";
import { dueTime, instalmentCost } from "./schedule-rules";
import type { RecurringStatusAnswer, UpdateAnswer } from "./schemas";

async function scheduleOrThrow(platformId: string, id: string): Promise<RecurringPayment> {
  const schedule = await findRecurringPayment(platformId, id);
  if (!schedule) throw notFound("recurring_payment_not_found", "Recurring payment not found");
  return schedule;
}

const nextDue = (s: RecurringPayment): Date | null =>
  s.status === "active" && s.processedPayments < s.permit.totalPayments
    ? new Date(dueTime(s.permit, s.processedPayments + 1) * 1000)
    : null;

/** Checks the payer's signature of the schedule (an EOA's, or an ERC-1271 wallet's on chain) and activates it. */
export async function activateSchedule(
  platformId: string,
  id: string,
  signature: string,
): Promise<{ message: string; id: string; status: "active" }> {
  const schedule = await scheduleOrThrow(platformId, id);
  if (schedule.status !== "pending")
    throw badRequest("recurring_state_conflict", `Recurring payment is already ${schedule.status}`);
  if (!/^0x([0-9a-fA-F]{2})+$/.test(signature))
    throw badRequest("recurring_signature_invalid", "Invalid signature provided: expected 0x-prefixed hex");
  const typed = schedulePermitTypedData(NETWORKS[schedule.network].chainId, schedule.proxyAddress, schedule.permit);
  // viem recovers an EOA's signature offline and asks a contract wallet (ERC-1271, or ERC-6492 when not deployed yet).
  const valid = await getPublicClient(schedule.network)
    .verifyTypedData({
      address: schedule.permit.subscriber,
      ...typed,
      signature: signature as Hex,
    } as unknown as VerifyTypedDataParameters)
    .catch(() => false);
  if (!valid)
    throw badRequest(
      "recurring_signature_invalid",
      `Invalid signature provided: not ${schedule.permit.subscriber}'s signature of this schedule`,
    );
  if (!(await transition(schedule.id, ["pending"], { status: "active", permitSignature: signature }))) {
    throw badRequest("recurring_state_conflict", "Recurring payment is already active");
  }
  return { message: "Recurring payment activated successfully", id: schedule.id, status: "active" };
}

export async function describeSchedule(platformId: string, id: string): Promise<RecurringStatusAnswer> {
  const s = await scheduleOrThrow(platformId, id);
  const paid = (await listInstalments(s.id)).filter((i) => i.status === "paid");
  const [payments, request] = await Promise.all([
    paymentsOfRequest(s.requestId),
    findRequest(s.platformId, s.requestId),
  ]);
  // The chain's time of the payment when detection has recorded it (sandbox clocks move), else when the relayer saw it paid.
  const blockTimes = new Map(payments.map((p) => [p.txHash.toLowerCase(), p.blockTime]));
  const paidAt = (i: (typeof paid)[number]) => blockTimes.get(i.txHash.toLowerCase()) ?? i.paidAt ?? i.sentAt;
  return {
    id: s.id,
    status: s.status,
    network: s.network,
    paymentCurrency: request?.paymentCurrency ?? s.permit.token,
    amount: s.permit.amount.toString(),
    frequency: s.frequency,
    payer: s.permit.subscriber,
    payee: s.permit.recipient,
    processedPayments: s.processedPayments,
    remainingPayments: s.permit.totalPayments - s.processedPayments,
    totalPayments: s.permit.totalPayments,
    lastPaymentDate: paid.length > 0 ? paidAt(paid.at(-1)!) : null,
    nextPaymentDate: nextDue(s),
    failureCount: s.failureCount,
    failureReason: s.failureReason,
    requests: [{ requestId: s.requestId, paymentReference: request?.paymentReference ?? "" }],
    payments: paid.map((i) => ({ index: i.paymentIndex, txHash: i.txHash, timestamp: paidAt(i) })),
    createdAt: s.createdAt,
  };
}

export async function updateSchedule(
  platformId: string,
  id: string,
  action: "cancel" | "unpause",
): Promise<UpdateAnswer> {
  const s = await scheduleOrThrow(platformId, id);
  const counts = { processedPayments: s.processedPayments, totalPayments: s.permit.totalPayments };
  if (action === "unpause") {
    if (s.status !== "paused") throw badRequest("recurring_state_conflict", "Recurring payment is not paused");
    if (!(await transition(s.id, ["paused"], { status: "active", failureCount: 0, failureReason: null })))
      throw badRequest("recurring_state_conflict", "Recurring payment is not paused");
    await setRecurrenceStopped(s.platformId, s.requestId, false);
    return {
      id: s.id,
      status: "active",
      metadata: { ...counts, nextPaymentDate: nextDue({ ...s, status: "active" }) },
    };
  }
  if (s.status === "cancelled") throw badRequest("recurring_state_conflict", "Recurring payment is already cancelled");
  if (s.status === "completed")
    throw badRequest("recurring_state_conflict", "Cannot cancel a completed recurring payment");
  if (!(await transition(s.id, ["pending", "active", "paused"], { status: "cancelled" })))
    throw badRequest("recurring_state_conflict", "Recurring payment changed meanwhile; read it again");
  await setRecurrenceStopped(s.platformId, s.requestId, true);
  // What the proxy may still pull for the payer's other open schedules of this token: the
  // allowance goes back to that (0 when this was the only one).
  const others = (await openSchedulesOf(s.network, s.permit.subscriber, s.permit.token)).filter((o) => o.id !== s.id);
  const keep = others.reduce(
    (sum, o) => sum + BigInt(o.permit.totalPayments - o.processedPayments) * instalmentCost(o.permit),
    0n,
  );
  const token = tokenByAddress(s.network, s.permit.token);
  const remaining = s.permit.totalPayments - s.processedPayments;
  return {
    id: s.id,
    status: "cancelled",
    transactions: approveTransactions(
      s.permit.token,
      s.proxyAddress,
      keep,
      token ? requiresAllowanceReset(token) && keep > 0n : false,
    ),
    metadata: {
      ...counts,
      remainingPayments: remaining,
      remainingAmount: (BigInt(remaining) * s.permit.amount).toString(),
    },
  };
}
