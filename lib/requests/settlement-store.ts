// What payment detection reads and writes of requests: the requests a batch of payment
// references names (locked, so two writers settle one request in turn), and the amount paid,
// from which the status follows. Called inside the detection's transaction.
import { publicClientIdSql } from "../client-ids";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { openCustomerInfo } from "./customer-info";
import { type CustomerInfo, paymentReferenceHash, type RequestStatus } from "./request-store";

type Tx = Prisma.TransactionClient;

export interface SettlingRequest {
  requestId: string;
  platformId: string;
  clientIdId: string | null;
  /** The public client ID value, for event payloads. */
  clientId: string | null;
  orchestratorId: string | null;
  network: string;
  paymentReference: string;
  paymentReferenceHash: string;
  payee: string;
  invoiceCurrency: string;
  paymentCurrency: string;
  expectedAmount: bigint;
  amountPaid: bigint;
  status: RequestStatus;
  /** What payment events repeat of the request: the merchant's reference, customer and the creating Origin. */
  reference: string | null;
  customerInfo: CustomerInfo | null;
  origin: string | null;
}

/** Locks the requests (by id, in id order, as recording does) until the transaction ends. */
export async function lockRequests(tx: Tx, requestIds: readonly string[]): Promise<void> {
  if (requestIds.length === 0) return;
  await tx.$queryRaw`SELECT id FROM payment_requests WHERE id = ANY(${[...requestIds]}::varchar[]) ORDER BY id FOR UPDATE`;
}

/** The requests of `network` whose payment reference hashes to one of `hashes`, locked until the transaction ends. */
export async function lockRequestsByReferenceHash(
  tx: Tx,
  network: string,
  hashes: readonly string[],
): Promise<SettlingRequest[]> {
  if (hashes.length === 0) return [];
  const rows = await tx.$queryRaw<
    {
      id: string;
      platform_id: string;
      client_id_id: string | null;
      client_id: string | null;
      orchestrator_id: string | null;
      network: string;
      payment_reference: string;
      payment_reference_hash: string;
      payee: string;
      invoice_currency: string;
      payment_currency: string;
      expected_amount: string;
      amount_paid: string;
      status: RequestStatus;
      reference: string | null;
      customer_info: unknown;
      customer_info_encrypted: string | null;
      origin: string | null;
    }[]
  >`
    SELECT r.id, r.platform_id::text, r.client_id_id::text, ${publicClientIdSql(Prisma.sql`r.client_id_id`)} AS client_id, r.orchestrator_id::text, r.network, r.payment_reference, r.payment_reference_hash,
      r.payee, r.invoice_currency, r.payment_currency, r.expected_amount::text, r.amount_paid::text, r.status::text AS status,
      r.reference, r.customer_info, r.customer_info_encrypted, r.origin
    FROM payment_requests r
    WHERE r.network = ${network} AND r.payment_reference_hash = ANY(${hashes.map((h) => h.toLowerCase())}::text[])
    ORDER BY r.id
    FOR UPDATE OF r`;
  return rows.map((r) => ({
    requestId: r.id,
    platformId: r.platform_id,
    clientIdId: r.client_id_id,
    clientId: r.client_id,
    orchestratorId: r.orchestrator_id,
    network: r.network,
    paymentReference: r.payment_reference,
    paymentReferenceHash: r.payment_reference_hash,
    payee: r.payee,
    invoiceCurrency: r.invoice_currency,
    paymentCurrency: r.payment_currency,
    expectedAmount: BigInt(r.expected_amount),
    amountPaid: BigInt(r.amount_paid),
    status: r.status,
    reference: r.reference,
    customerInfo: openCustomerInfo(r.id, r.customer_info_encrypted, r.customer_info),
    origin: r.origin,
  }));
}

/** Stores each request's amount paid (invoice units) and the status it implies. */
export async function setAmountsPaid(
  tx: Tx,
  updates: readonly { requestId: string; amountPaid: bigint }[],
): Promise<void> {
  if (updates.length === 0) return;
  await tx.$executeRaw`
    UPDATE payment_requests r SET amount_paid = u.amount_paid, updated_at = now(),
      status = (CASE
        WHEN r.status = 'cancelled' THEN 'cancelled'
        WHEN u.amount_paid >= r.expected_amount THEN 'paid'
        WHEN u.amount_paid > 0 THEN 'partially_paid'
        ELSE 'pending' END)::"RequestStatus"
    FROM unnest(${updates.map((u) => u.requestId)}::varchar[], ${updates.map((u) => u.amountPaid.toString())}::numeric[]) AS u(id, amount_paid)
    WHERE r.id = u.id`;
}

/** Of these reference hashes on `network`, those of a request (the indexer fetches blocks for those only). */
export async function knownReferenceHashes(network: string, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const lower = hashes.map((h) => h.toLowerCase());
  // A request's refund references too (refund-calldata.ts): detection records refunds.
  const rows = await (await db()).$queryRaw<{ h: string }[]>`
    SELECT payment_reference_hash AS h FROM payment_requests
    WHERE network = ${network} AND payment_reference_hash = ANY(${lower}::text[])
    UNION
    SELECT payment_reference_hash AS h FROM refund_references
    WHERE network = ${network} AND payment_reference_hash = ANY(${lower}::text[])`;
  return new Set(rows.map((r) => r.h));
}

/** A refund reference of a request, with the request (locked), as detection records the refund. */
export interface SettlingRefund {
  referenceHash: string;
  refundAddress: string;
  request: SettlingRequest;
}

/** The requests of `network` one of whose refund references hashes to one of `hashes`, locked as lockRequestsByReferenceHash locks them. */
export async function lockRequestsByRefundReferenceHash(
  tx: Tx,
  network: string,
  hashes: readonly string[],
): Promise<SettlingRefund[]> {
  if (hashes.length === 0) return [];
  const refs = await tx.$queryRaw<{ h: string; refund_address: string; request_hash: string }[]>`
    SELECT f.payment_reference_hash AS h, f.refund_address, r.payment_reference_hash AS request_hash
    FROM refund_references f JOIN payment_requests r ON r.id = f.request_id
    WHERE f.network = ${network} AND f.payment_reference_hash = ANY(${hashes.map((h) => h.toLowerCase())}::text[])`;
  const requests = await lockRequestsByReferenceHash(tx, network, [...new Set(refs.map((r) => r.request_hash))]);
  const byHash = new Map(requests.map((r) => [r.paymentReferenceHash.toLowerCase(), r]));
  return refs.flatMap((f) => {
    const request = byHash.get(f.request_hash.toLowerCase());
    return request ? [{ referenceHash: f.h, refundAddress: f.refund_address, request }] : [];
  });
}

/** Requests stored before the hash column existed get it (the database cannot compute keccak256). */
export async function backfillReferenceHashes(batch = 1000): Promise<number> {
  const prisma = await db();
  let done = 0;
  for (;;) {
    const rows = await prisma.paymentRequest.findMany({
      where: { paymentReferenceHash: null },
      select: { id: true, paymentReference: true },
      take: batch,
    });
    if (rows.length === 0) return done;
    await prisma.$executeRaw`
      UPDATE payment_requests r SET payment_reference_hash = u.h
      FROM unnest(${rows.map((r) => r.id)}::varchar[], ${rows.map((r) => paymentReferenceHash(r.paymentReference))}::text[]) AS u(id, h)
      WHERE r.id = u.id`;
    done += rows.length;
  }
}
