// Refunds detected on chain (POST /v2/request/{requestId}/refunds answers their calldata): a
// fee-proxy payment carrying one of a request's refund references, to that reference's refund
// address, in the request's payment currency, is stored once (unique network + txHash +
// logIndex) as a refund of the request, and each refund stored for the first time sends
// `payment.refunded`, in the recording transaction. Called by record-payments.ts with the
// payments of one network, before it matches the rest to requests.
import { randomUUID } from "node:crypto";
import { formatUnits } from "viem";
import { sameAddress } from "../addresses/wallet-address";
import { type Currency, getCurrency, isSameAsset, nativeCurrencyOf, tokenByAddress } from "../chains/currencies";
import { toBigInt } from "../db/amounts";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { log } from "../log";
import { lockRequestsByRefundReferenceHash, type SettlingRefund, type StoredRefund } from "../requests";
import { emitEvents, webhookEvent } from "../webhooks";
import type { DetectedPayment } from "./detected-payment";

type Tx = Prisma.TransactionClient;

interface MatchedRefund {
  id: string;
  p: DetectedPayment;
  ref: SettlingRefund;
  currency: Currency;
}

function paidCurrency(p: DetectedPayment): Currency | undefined {
  return p.tokenAddress === null ? nativeCurrencyOf(p.network) : tokenByAddress(p.network, p.tokenAddress);
}

/**
 * Records the refunds among `payments` (one network, chain order); answers the payments that
 * carried a refund reference (recorded now, before, or not a refund of it) so the caller does not
 * try them as payments, and the events emitted.
 */
export async function recordRefunds(
  tx: Tx,
  network: string,
  payments: readonly DetectedPayment[],
  now: Date,
): Promise<{ handled: Set<DetectedPayment>; recorded: number; events: number }> {
  const refs = await lockRequestsByRefundReferenceHash(tx, network, [
    ...new Set(payments.map((p) => p.referenceHash.toLowerCase())),
  ]);
  const handled = new Set<DetectedPayment>();
  if (refs.length === 0) return { handled, recorded: 0, events: 0 };
  const byHash = new Map(refs.map((r) => [r.referenceHash.toLowerCase(), r]));
  const matched: MatchedRefund[] = [];
  for (const p of payments) {
    const ref = byHash.get(p.referenceHash.toLowerCase());
    if (!ref) continue;
    handled.add(p);
    const currency = paidCurrency(p);
    const expected = getCurrency(ref.request.paymentCurrency);
    const reason = !sameAddress(p.to, ref.refundAddress)
      ? "not paid to the refund address"
      : !currency || !expected || !isSameAsset(expected, currency)
        ? "not in the request's payment currency"
        : null;
    if (reason) {
      log.info({ network, txHash: p.txHash, requestId: ref.request.requestId, reason }, "refund ignored");
      continue;
    }
    matched.push({ id: randomUUID(), p, ref, currency: currency! });
  }
  if (matched.length === 0) return { handled, recorded: 0, events: 0 };

  const col = <T>(f: (m: MatchedRefund) => T) => matched.map(f);
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO refunds (id, request_id, platform_id, network, tx_hash, log_index, block_number, block_hash, block_time,
      token_address, currency, amount, refund_address, sender_address)
    SELECT x.id, x.request_id, x.platform_id, ${network}, x.tx_hash, x.log_index, x.block_number, x.block_hash, x.block_time,
      x.token_address, x.currency, x.amount, x.refund_address, x.sender_address
    FROM unnest(
      ${col((m) => m.id)}::uuid[], ${col((m) => m.ref.request.requestId)}::varchar[], ${col((m) => m.ref.request.platformId)}::uuid[],
      ${col((m) => m.p.txHash.toLowerCase())}::text[], ${col((m) => m.p.logIndex)}::int[], ${col((m) => m.p.blockNumber.toString())}::bigint[],
      ${col((m) => m.p.blockHash)}::text[], ${col((m) => m.p.blockTime)}::timestamp[], ${col((m) => m.p.tokenAddress)}::text[],
      ${col((m) => m.currency.id)}::text[], ${col((m) => m.p.amount.toString())}::numeric[], ${col((m) => m.ref.refundAddress)}::text[],
      ${col((m) => m.p.payerAddress)}::text[]
    ) AS x(id, request_id, platform_id, tx_hash, log_index, block_number, block_hash, block_time, token_address, currency, amount,
      refund_address, sender_address)
    ON CONFLICT (network, tx_hash, log_index) DO NOTHING
    RETURNING id::text AS id`;
  const fresh = new Set(inserted.map((r) => r.id));
  const touched = [...new Set(matched.filter((m) => fresh.has(m.id)).map((m) => m.ref.request.requestId))];
  const totals = await refundedTotals(tx, touched);
  // Running total per request in chain order, for each refund's event.
  const running = new Map(
    touched.map((id) => [
      id,
      (totals.get(id) ?? 0n) -
        matched.filter((m) => fresh.has(m.id) && m.ref.request.requestId === id).reduce((s, m) => s + m.p.amount, 0n),
    ]),
  );
  const events = matched
    .filter((m) => fresh.has(m.id))
    .map((m) => {
      const { request } = m.ref;
      const total = (running.get(request.requestId) ?? 0n) + m.p.amount;
      running.set(request.requestId, total);
      const { platformId, clientIdId, clientId, orchestratorId } = request;
      return webhookEvent(
        "payment.refunded",
        { platformId, clientIdId, clientId, orchestratorId },
        {
          requestId: request.requestId,
          paymentReference: request.paymentReference,
          amount: formatUnits(m.p.amount, m.currency.decimals),
          currency: m.currency.id,
          txHash: m.p.txHash,
          network,
          refundAddress: m.ref.refundAddress,
          totalAmountRefunded: formatUnits(total, m.currency.decimals),
          timestamp: now,
        },
      );
    });
  await emitEvents(tx, events);
  if (fresh.size > 0) log.info({ network, recorded: fresh.size }, "refunds detected");
  return { handled, recorded: fresh.size, events: events.length };
}

async function refundedTotals(tx: Tx, requestIds: string[]): Promise<Map<string, bigint>> {
  if (requestIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ request_id: string; total: string }[]>`
    SELECT request_id, sum(amount)::text AS total FROM refunds WHERE request_id = ANY(${requestIds}::varchar[]) GROUP BY request_id`;
  return new Map(rows.map((r) => [r.request_id, BigInt(r.total)]));
}

/** A reorg dropped every block above `block`: the refunds recorded there go (their events stay sent). */
export async function undoRefundsAbove(tx: Tx, network: string, block: bigint): Promise<number> {
  return tx.$executeRaw`DELETE FROM refunds WHERE network = ${network} AND block_number > ${block.toString()}::bigint`;
}

/** The refunds recorded for a request, oldest first (a request's status and GET …/refunds). */
export async function refundsOfRequest(requestId: string): Promise<StoredRefund[]> {
  const rows = await (await db()).refund.findMany({
    where: { requestId },
    orderBy: [{ blockNumber: "asc" }, { logIndex: "asc" }],
  });
  return rows.map((r) => ({
    txHash: r.txHash,
    network: r.network,
    amount: toBigInt(r.amount),
    currency: r.currency,
    refundAddress: r.refundAddress,
    senderAddress: r.senderAddress,
    blockNumber: r.blockNumber,
    blockTime: r.blockTime,
  }));
}
