// Where the indexing time goes, without the chain: the recording step alone (match, one
// multi-row insert, settle, notices, outbox) for `n` payments of a batch in one transaction,
// and two floors measured in the same run on the same database — the payment rows alone
// (one INSERT … SELECT, every index and trigger of payments, nothing else) and the outbox alone
// (n payment.confirmed events and their deliveries). Part of BENCH_ONLY=payment-detection.
import { type Address } from "viem";
import { db } from "../lib/db/client";
import { detected } from "../lib/payments/payment-fixtures";
import { recordPayments } from "../lib/payments/record-payments";
import { prepareRequest } from "../lib/requests/create-request";
import { insertRequests, type NewStoredRequest } from "../lib/requests/request-store";
import { emitEvents } from "../lib/webhooks/emit-event";
import "../lib/wiring/payment-subscribers";
import type { EventOwner } from "../lib/webhooks/events";
import { confirmedPayment } from "../lib/webhooks/webhook-fixtures";

const payeeOf = (i: number): Address => `0x${(0xbf00000 + i).toString(16).padStart(40, "0")}` as Address;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return (performance.now() - started) / 1000;
}

const rate = (n: number, what: string, seconds: number) =>
  `${n} ${what} in ${seconds.toFixed(3)} s = ${Math.round(n / seconds)}/s`;

export async function benchRecording(owner: EventOwner, n: number) {
  const ctx = { platformId: owner.platformId, clientIdId: owner.clientIdId };
  const requests: NewStoredRequest[] = [];
  for (let i = 0; i < n; i++) {
    const p = prepareRequest(
      { amount: "1", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base", payee: payeeOf(i) },
      ctx,
    );
    if (!p.ok) throw new Error(JSON.stringify(p.errors));
    requests.push(p.request);
  }
  await insertRequests(requests);
  // As a batch transaction pays them: 100 payments per transaction, one log each.
  const payments = requests.map((r, i) => detected(r, 1_000_000n, { type: "batch", logIndex: i % 100 }));
  for (let i = 0; i < payments.length; i++)
    payments[i] = {
      ...payments[i],
      txHash: payments[i - (i % 100)].txHash,
      blockNumber: payments[i - (i % 100)].blockNumber,
    };
  const prisma = await db();

  const recording = await timed(() => prisma.$transaction((tx) => recordPayments(tx, payments), { timeout: 60_000 }));
  const rows = await timed(
    () =>
      prisma.$executeRaw`
      INSERT INTO payments (id, request_id, platform_id, network, tx_hash, log_index, block_number, block_hash, block_time, currency, amount,
        invoice_amount, fee_amount, payer_address, payer_eoa_address, type, invoice_currency, payee)
      SELECT gen_random_uuid(), r.id, r.platform_id, r.network, '0x' || md5('floor' || r.id), 0, 1, '0x' || md5(r.id), now(), r.payment_currency,
        1000000, 1000000, 0, r.payee, r.payee, 'batch', r.invoice_currency, r.payee
      FROM payment_requests r WHERE r.id = ANY(${requests.map((r) => r.requestId)}::varchar[])`,
  );
  const events = Array.from({ length: n }, () => confirmedPayment(owner));
  const outbox = await timed(() => prisma.$transaction((tx) => emitEvents(tx, events), { timeout: 60_000 }));
  return [
    {
      scenario: `recording alone: ${n} payments matched, stored, settled, announced (one transaction, no chain reads)`,
      value: rate(n, "payments", recording),
    },
    {
      scenario: `floor: ${n} payment rows in one INSERT … SELECT (every index and trigger of payments)`,
      value: rate(n, "rows", rows),
    },
    {
      scenario: `floor: ${n} payment.confirmed events and their deliveries to the outbox`,
      value: rate(n, "events", outbox),
    },
  ];
}
