// Turns detected payments into payment records, in the caller's transaction (the indexer's,
// which also moves its cursor): each payment is matched by reference to its request, stored
// once (unique network + txHash + logIndex), the request's amount paid and status follow, and
// each payment announced for the first time is published as PaymentRecorded to the registered
// subscribers (payment-recorded.ts), in the same transaction. A batch seen twice (a crash
// before the cursor moved) stores nothing new and publishes nothing new.
import { randomUUID } from "node:crypto";
import { type Currency, getCurrency } from "../chains/currencies";
import type { Prisma } from "../db/generated/client";
import { log } from "../log";
import {
  lockRequests,
  lockRequestsByReferenceHash,
  type SettlingRequest,
  setAmountsPaid,
  type TronQuote,
  tronQuotesOf,
} from "../requests";
import type { DetectedPayment } from "./detected-payment";
import { matchPayment } from "./match-payment";
import { type PaymentRecorded, publishPaymentsRecorded } from "./payment-recorded";
import { recordRefunds, undoRefundsAbove } from "./record-refunds";

type Tx = Prisma.TransactionClient;

export interface RecordResult {
  /** Payments stored now (not those stored before). */
  recorded: number;
  /** Events the subscribers wrote to the outbox. */
  events: number;
  /** Payments with a reference of no request, or not paying their request. */
  ignored: number;
}

interface Matched {
  p: DetectedPayment;
  request: SettlingRequest;
  row: { id: string; currency: string; invoiceAmount: bigint; conversionRate: string | null };
  paid: Currency;
}

const byChainOrder = (a: DetectedPayment, b: DetectedPayment) =>
  a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1;

export async function recordPayments(
  tx: Tx,
  detected: readonly DetectedPayment[],
  now = new Date(),
): Promise<RecordResult> {
  const result: RecordResult = { recorded: 0, events: 0, ignored: 0 };
  const networks = [...new Set(detected.map((p) => p.network))];
  for (const network of networks) {
    const onNetwork = detected.filter((p) => p.network === network).sort(byChainOrder);
    // Refunds carry a refund reference of a request (record-refunds.ts); the rest are payments.
    const refunds = await recordRefunds(tx, network, onNetwork, now);
    result.events += refunds.events;
    const r = await recordNetwork(
      tx,
      network,
      onNetwork.filter((p) => !refunds.handled.has(p)),
      now,
    );
    result.recorded += r.recorded;
    result.events += r.events;
    result.ignored += r.ignored;
  }
  return result;
}

async function recordNetwork(tx: Tx, network: string, payments: DetectedPayment[], now: Date): Promise<RecordResult> {
  const requests = await lockRequestsByReferenceHash(tx, network, [
    ...new Set(payments.map((p) => p.referenceHash.toLowerCase())),
  ]);
  const byReference = new Map(requests.map((r) => [r.paymentReferenceHash.toLowerCase(), r]));
  const quotes = network === "tron" ? await quotesByRequest(tx, requests) : new Map<string, TronQuote[]>();
  const matched: Matched[] = [];
  let ignored = 0;
  for (const p of payments) {
    const request = byReference.get(p.referenceHash.toLowerCase());
    if (!request) {
      ignored++;
      continue;
    }
    const m = matchPayment(request, p, quotes.get(request.requestId));
    if (!m.ok) {
      log.info({ network, txHash: p.txHash, requestId: request.requestId, reason: m.reason }, "payment ignored");
      ignored++;
      continue;
    }
    matched.push({
      p,
      request,
      paid: m.paid,
      row: { id: randomUUID(), currency: m.paid.id, invoiceAmount: m.invoiceAmount, conversionRate: m.conversionRate },
    });
  }
  if (matched.length === 0) return { recorded: 0, events: 0, ignored };

  const inserted = await insertPayments(tx, network, matched);
  const fresh = matched.filter((m) => inserted.has(m.row.id));
  if (fresh.length === 0) return { recorded: 0, events: 0, ignored };

  // Totals from the stored payments (not from the request's column), so they stay right
  // whatever was recorded or undone before.
  const touched = [...new Set(fresh.map((m) => m.request.requestId))];
  const totals = await paidTotals(tx, touched);
  await setAmountsPaid(
    tx,
    touched.map((requestId) => ({ requestId, amountPaid: totals.get(requestId) ?? 0n })),
  );

  // Running total per request, in chain order, for each payment's event.
  const running = new Map<string, bigint>();
  for (const requestId of touched) {
    const freshSum = fresh
      .filter((m) => m.request.requestId === requestId)
      .reduce((s, m) => s + m.row.invoiceAmount, 0n);
    running.set(requestId, (totals.get(requestId) ?? 0n) - freshSum);
  }
  const announce = await newNotices(tx, network, matched, fresh);
  const recorded: PaymentRecorded[] = [];
  for (const m of fresh) {
    const total = (running.get(m.request.requestId) ?? 0n) + m.row.invoiceAmount;
    running.set(m.request.requestId, total);
    if (announce.has(m.row.id)) recorded.push(paymentRecorded(m, total, now));
  }
  const events = await publishPaymentsRecorded(tx, recorded);
  return { recorded: fresh.length, events, ignored };
}

/** Tron requests invoiced in fiat are paid against the quotes /pay recorded (lib/requests/tron-quotes.ts). */
async function quotesByRequest(tx: Tx, requests: SettlingRequest[]): Promise<Map<string, TronQuote[]>> {
  const fiat = requests.filter((r) => getCurrency(r.invoiceCurrency)?.type === "ISO4217").map((r) => r.requestId);
  const byRequest = new Map<string, TronQuote[]>();
  for (const q of await tronQuotesOf(tx, fiat)) byRequest.set(q.requestId, [...(byRequest.get(q.requestId) ?? []), q]);
  return byRequest;
}

function paymentRecorded({ p, request, paid, row }: Matched, totalAmountPaid: bigint, now: Date): PaymentRecorded {
  const { platformId, clientIdId, clientId, orchestratorId } = request;
  return {
    paymentId: row.id,
    request,
    owner: { platformId, clientIdId, clientId, orchestratorId },
    network: p.network,
    txHash: p.txHash,
    logIndex: p.logIndex,
    blockNumber: p.blockNumber,
    blockTime: p.blockTime,
    type: p.type,
    paid,
    tokenAddress: p.tokenAddress,
    amount: p.amount,
    feeAmount: p.feeAmount,
    feeAddress: p.feeAddress,
    invoiceAmount: row.invoiceAmount,
    totalAmountPaid,
    conversionRate: row.conversionRate,
    completesRequest:
      totalAmountPaid >= request.expectedAmount && totalAmountPaid - row.invoiceAmount < request.expectedAmount,
    payerAddress: p.payerAddress,
    payerEoaAddress: p.payerEoaAddress,
    crosschain: null,
    confirmationHeldBy: null,
    recordedAt: now,
  };
}

/**
 * Inserts what is not stored yet, the whole batch in one statement; answers the ids of the rows
 * inserted now. The row carries what search filters on from the request (invoice currency,
 * payee), so the database does not read the request again per row (migration payment_payee).
 */
async function insertPayments(tx: Tx, network: string, matched: Matched[]): Promise<Set<string>> {
  const col = <T>(f: (m: Matched) => T) => matched.map(f);
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO payments (id, request_id, platform_id, network, tx_hash, log_index, block_number, block_hash, block_time, token_address,
      currency, amount, invoice_amount, fee_amount, fee_address, payer_address, payer_eoa_address, type, conversion_rate, invoice_currency, payee)
    SELECT x.id, x.request_id, x.platform_id, ${network}, x.tx_hash, x.log_index, x.block_number, x.block_hash, x.block_time, x.token_address,
      x.currency, x.amount, x.invoice_amount, x.fee_amount, x.fee_address, x.payer_address, x.payer_eoa_address, x.type::"PaymentType", x.conversion_rate,
      x.invoice_currency, x.payee
    FROM unnest(
      ${col((m) => m.row.id)}::uuid[], ${col((m) => m.request.requestId)}::varchar[], ${col((m) => m.request.platformId)}::uuid[],
      ${col((m) => m.p.txHash.toLowerCase())}::text[], ${col((m) => m.p.logIndex)}::int[], ${col((m) => m.p.blockNumber.toString())}::bigint[],
      ${col((m) => m.p.blockHash)}::text[], ${col((m) => m.p.blockTime)}::timestamp[], ${col((m) => m.p.tokenAddress)}::text[],
      ${col((m) => m.row.currency)}::text[], ${col((m) => m.p.amount.toString())}::numeric[], ${col((m) => m.row.invoiceAmount.toString())}::numeric[],
      ${col((m) => m.p.feeAmount.toString())}::numeric[], ${col((m) => m.p.feeAddress)}::text[], ${col((m) => m.p.payerAddress)}::text[],
      ${col((m) => m.p.payerEoaAddress)}::text[], ${col((m) => m.p.type)}::text[], ${col((m) => m.row.conversionRate)}::text[],
      ${col((m) => m.request.invoiceCurrency)}::text[], ${col((m) => m.request.payee)}::text[]
    ) AS x(id, request_id, platform_id, tx_hash, log_index, block_number, block_hash, block_time, token_address, currency, amount,
      invoice_amount, fee_amount, fee_address, payer_address, payer_eoa_address, type, conversion_rate, invoice_currency, payee)
    ON CONFLICT (network, tx_hash, log_index) DO NOTHING
    RETURNING id::text AS id`;
  return new Set(rows.map((r) => r.id));
}

async function paidTotals(tx: Tx, requestIds: string[]): Promise<Map<string, bigint>> {
  if (requestIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ request_id: string; total: string }[]>`
    SELECT request_id, sum(invoice_amount)::text AS total FROM payments WHERE request_id = ANY(${requestIds}::varchar[]) GROUP BY request_id`;
  return new Map(rows.map((r) => [r.request_id, BigInt(r.total)]));
}

/**
 * The fresh payments not announced before. A payment is the n-th payment of its request in its
 * transaction; a reorg that drops the transaction removes the payment but keeps the notice, so
 * the same transaction mined again (maybe at another log index) is stored again, silently.
 */
async function newNotices(tx: Tx, network: string, matched: Matched[], fresh: Matched[]): Promise<Set<string>> {
  const ordinal = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const m of matched) {
    const key = `${m.p.txHash.toLowerCase()}|${m.request.requestId}`;
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    ordinal.set(m.row.id, n);
  }
  const rows = await tx.$queryRaw<{ tx_hash: string; request_id: string; ordinal: number }[]>`
    INSERT INTO payment_notices (network, tx_hash, request_id, ordinal)
    SELECT ${network}, x.tx_hash, x.request_id, x.ordinal
    FROM unnest(${fresh.map((m) => m.p.txHash.toLowerCase())}::text[], ${fresh.map((m) => m.request.requestId)}::varchar[], ${fresh.map((m) => ordinal.get(m.row.id) ?? 0)}::int[])
      AS x(tx_hash, request_id, ordinal)
    ON CONFLICT DO NOTHING
    RETURNING tx_hash, request_id, ordinal`;
  const announced = new Set(rows.map((r) => `${r.tx_hash}|${r.request_id}|${r.ordinal}`));
  return new Set(
    fresh
      .filter((m) => announced.has(`${m.p.txHash.toLowerCase()}|${m.request.requestId}|${ordinal.get(m.row.id)}`))
      .map((m) => m.row.id),
  );
}

/**
 * A reorg dropped every block above `block`: removes the payments recorded there and settles
 * their requests again from what remains. Events already sent stay sent (a webhook cannot be
 * taken back); their notices stay too, so a re-mined transaction is not announced twice.
 */
export async function undoPaymentsAbove(tx: Tx, network: string, block: bigint): Promise<{ removed: number }> {
  const removed = await tx.$queryRaw<{ request_id: string }[]>`
    DELETE FROM payments WHERE network = ${network} AND block_number > ${block.toString()}::bigint RETURNING request_id`;
  await undoRefundsAbove(tx, network, block);
  const touched = [...new Set(removed.map((r) => r.request_id))];
  if (touched.length > 0) {
    // Lock the requests in the same order as recording does, then settle them again.
    await lockRequests(tx, touched);
    const totals = await paidTotals(tx, touched);
    await setAmountsPaid(
      tx,
      touched.map((requestId) => ({ requestId, amountPaid: totals.get(requestId) ?? 0n })),
    );
  }
  if (removed.length > 0)
    log.warn({ network, block: block.toString(), removed: removed.length }, "reorg: payments above the fork removed");
  return { removed: removed.length };
}
