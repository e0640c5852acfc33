// The recurring_payments and recurring_instalments tables, owned by this domain.
import type { Address, Hex } from "viem";
import type { EvmNetworkId } from "../chains/networks";
import type { SchedulePermit } from "../chains/recurring-proxy";
import { toBigInt, toDecimal } from "../db/amounts";
import { db } from "../db/client";
import type { Prisma, RecurringStatus, RecurringPayment as Row } from "../db/generated/client";

export type { RecurringStatus };

export interface RecurringPayment {
  id: string;
  platformId: string;
  clientIdId: string | null;
  requestId: string;
  network: EvmNetworkId;
  proxyAddress: Address;
  frequency: string;
  startDate: Date;
  permit: SchedulePermit;
  permitSignature: Hex | null;
  status: RecurringStatus;
  processedPayments: number;
  failureCount: number;
  failureReason: string | null;
  createdAt: Date;
}

export interface Instalment {
  paymentIndex: number;
  status: "sending" | "paid";
  txHash: Hex;
  rawTransaction: Hex;
  relayerNonce: number;
  sentAt: Date;
  paidAt: Date | null;
}

function fromRow(r: Row): RecurringPayment {
  return {
    id: r.id,
    platformId: r.platformId,
    clientIdId: r.clientIdId,
    requestId: r.requestId,
    network: r.network as EvmNetworkId,
    proxyAddress: r.proxyAddress as Address,
    frequency: r.frequency,
    startDate: r.startDate,
    permit: {
      subscriber: r.subscriber as Address,
      token: r.token as Address,
      recipient: r.recipient as Address,
      feeAddress: r.feeAddress as Address,
      amount: toBigInt(r.amount),
      feeAmount: toBigInt(r.feeAmount),
      relayerFee: toBigInt(r.relayerFee),
      periodSeconds: r.periodSeconds,
      firstPayment: Number(r.firstPayment),
      totalPayments: r.totalPayments,
      nonce: BigInt(r.nonce),
      deadline: r.deadline,
      strictOrder: true,
    },
    permitSignature: r.permitSignature as Hex | null,
    status: r.status,
    processedPayments: r.processedPayments,
    failureCount: r.failureCount,
    failureReason: r.failureReason,
    createdAt: r.createdAt,
  };
}

export type NewRecurringPayment = Omit<
  RecurringPayment,
  "permitSignature" | "status" | "processedPayments" | "failureCount" | "failureReason" | "createdAt"
>;

export async function insertRecurringPayment(p: NewRecurringPayment, tx?: Prisma.TransactionClient): Promise<void> {
  const { permit } = p;
  await (tx ?? (await db())).recurringPayment.create({
    data: {
      id: p.id,
      platformId: p.platformId,
      clientIdId: p.clientIdId,
      requestId: p.requestId,
      network: p.network,
      proxyAddress: p.proxyAddress,
      frequency: p.frequency,
      startDate: p.startDate,
      subscriber: permit.subscriber,
      token: permit.token,
      recipient: permit.recipient,
      feeAddress: permit.feeAddress,
      amount: toDecimal(permit.amount),
      feeAmount: toDecimal(permit.feeAmount),
      relayerFee: toDecimal(permit.relayerFee),
      periodSeconds: permit.periodSeconds,
      firstPayment: BigInt(permit.firstPayment),
      totalPayments: permit.totalPayments,
      nonce: `0x${permit.nonce.toString(16).padStart(64, "0")}`,
      deadline: permit.deadline,
    },
  });
}

/** The platform's recurring payment; null for a missing one and another platform's alike. */
export async function findRecurringPayment(platformId: string, id: string): Promise<RecurringPayment | null> {
  const row = await (await db()).recurringPayment.findFirst({ where: { id: id.toUpperCase(), platformId } });
  return row ? fromRow(row) : null;
}

export async function getRecurringPayment(id: string, tx?: Prisma.TransactionClient): Promise<RecurringPayment | null> {
  const row = await (tx ?? (await db())).recurringPayment.findUnique({ where: { id } });
  return row ? fromRow(row) : null;
}

/** The payer's open schedules of this token on this network (pending, active, paused): they share the proxy's allowance. */
export async function openSchedulesOf(
  network: EvmNetworkId,
  subscriber: Address,
  token: Address,
): Promise<RecurringPayment[]> {
  const rows = await (await db()).recurringPayment.findMany({
    where: {
      network,
      subscriber: { equals: subscriber, mode: "insensitive" },
      token: { equals: token, mode: "insensitive" },
      status: { in: ["pending", "active", "paused"] },
    },
  });
  return rows.map(fromRow);
}

/** The platform's newest schedules (the dashboard's Subscriptions page). */
export async function listPlatformSchedules(platformId: string, take = 200): Promise<RecurringPayment[]> {
  const rows = await (await db()).recurringPayment.findMany({
    where: { platformId },
    orderBy: { createdAt: "desc" },
    take,
  });
  return rows.map(fromRow);
}

/** Active schedules on a network: what the relayer looks at. */
export async function activeSchedules(network: EvmNetworkId): Promise<RecurringPayment[]> {
  const rows = await (await db()).recurringPayment.findMany({
    where: { network, status: "active" },
    orderBy: { createdAt: "asc" },
  });
  return rows.map(fromRow);
}

/** Paused schedules on a network whose pause reason is `reason`. */
export async function pausedSchedules(network: EvmNetworkId, reason: string): Promise<RecurringPayment[]> {
  const rows = await (await db()).recurringPayment.findMany({
    where: { network, status: "paused", failureReason: reason },
  });
  return rows.map(fromRow);
}

/** Moves the status from one of `from` to `to` (and sets the other fields); false when the row was not in `from`. */
export async function transition(
  id: string,
  from: readonly RecurringStatus[],
  data: Partial<Pick<Row, "status" | "permitSignature" | "failureCount" | "failureReason" | "processedPayments">>,
  tx?: Prisma.TransactionClient,
): Promise<boolean> {
  const { count } = await (tx ?? (await db())).recurringPayment.updateMany({
    where: { id, status: { in: [...from] } },
    data,
  });
  return count === 1;
}

export async function listInstalments(id: string): Promise<Instalment[]> {
  const rows = await (await db()).recurringInstalment.findMany({
    where: { recurringPaymentId: id },
    orderBy: { paymentIndex: "asc" },
  });
  return rows.map((r) => ({
    paymentIndex: r.paymentIndex,
    status: r.status as Instalment["status"],
    txHash: r.txHash as Hex,
    rawTransaction: r.rawTransaction as Hex,
    relayerNonce: r.relayerNonce,
    sentAt: r.sentAt,
    paidAt: r.paidAt,
  }));
}

/** Records the intent to send instalment `index` with this signed transaction; false if another relayer recorded it first. */
export async function recordSending(
  id: string,
  index: number,
  tx: { hash: Hex; raw: Hex; nonce: number },
): Promise<boolean> {
  const rows = await (await db()).$queryRaw<{ inserted: number }[]>`
    INSERT INTO recurring_instalments (recurring_payment_id, payment_index, status, tx_hash, raw_transaction, relayer_nonce)
    VALUES (${id}, ${index}, 'sending', ${tx.hash}, ${tx.raw}, ${tx.nonce})
    ON CONFLICT DO NOTHING RETURNING 1 AS inserted`;
  return rows.length === 1;
}

/** Replaces the transaction of an instalment still being sent (a stuck one re-signed with a higher fee). */
export async function replaceSending(
  id: string,
  index: number,
  tx: { hash: Hex; raw: Hex; nonce: number },
): Promise<void> {
  await (await db()).recurringInstalment.updateMany({
    where: { recurringPaymentId: id, paymentIndex: index, status: "sending" },
    data: { txHash: tx.hash, rawTransaction: tx.raw, relayerNonce: tx.nonce, sentAt: new Date() },
  });
}

/** Forgets a send that never reached the chain (its transaction reverted or was dropped), so the instalment can be tried again. */
export async function forgetSending(id: string, index: number): Promise<void> {
  await (await db()).recurringInstalment.deleteMany({
    where: { recurringPaymentId: id, paymentIndex: index, status: "sending" },
  });
}

/** Instalments recorded as being sent, on a network: what reconciliation looks at. */
export async function sendingInstalments(
  network: EvmNetworkId,
): Promise<{ schedule: RecurringPayment; instalment: Instalment }[]> {
  const rows = await (await db()).recurringInstalment.findMany({
    where: { status: "sending", recurringPayment: { network } },
    include: { recurringPayment: true },
  });
  return rows.map((r) => ({
    schedule: fromRow(r.recurringPayment),
    instalment: {
      paymentIndex: r.paymentIndex,
      status: "sending" as const,
      txHash: r.txHash as Hex,
      rawTransaction: r.rawTransaction as Hex,
      relayerNonce: r.relayerNonce,
      sentAt: r.sentAt,
      paidAt: null,
    },
  }));
}

export async function withTransaction<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return (await db()).$transaction(fn);
}

/** Marks instalment `index` paid (with the transaction that paid it) and counts it; completes the schedule after the last. */
export async function markPaid(
  schedule: RecurringPayment,
  index: number,
  txHash: Hex,
  tx: Prisma.TransactionClient,
): Promise<void> {
  await tx.recurringInstalment.upsert({
    where: { recurringPaymentId_paymentIndex: { recurringPaymentId: schedule.id, paymentIndex: index } },
    update: { status: "paid", txHash, paidAt: new Date() },
    create: {
      recurringPaymentId: schedule.id,
      paymentIndex: index,
      status: "paid",
      txHash,
      rawTransaction: "0x",
      relayerNonce: -1,
      paidAt: new Date(),
    },
  });
  const paid = await tx.recurringInstalment.count({ where: { recurringPaymentId: schedule.id, status: "paid" } });
  const done = paid >= schedule.permit.totalPayments;
  await tx.recurringPayment.update({
    where: { id: schedule.id },
    data: {
      processedPayments: paid,
      failureCount: 0,
      failureReason: null,
      ...(done && schedule.status === "active" ? { status: "completed" } : {}),
    },
  });
}
