// What payment detection reads and writes of requests: the requests a batch of payment
// references names (locked, so two writers settle one request in turn), and the amount paid,
// from which the status follows. Called inside the detection's transaction.
import type { Prisma } from "../db/generated/client";
import type { RequestStatus } from "./request-store";

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
  payee: string;
  invoiceCurrency: string;
  paymentCurrency: string;
  expectedAmount: bigint;
  amountPaid: bigint;
  status: RequestStatus;
}

/** The requests of `network` with these payment references, locked until the transaction ends. */
export async function lockRequestsByReference(tx: Tx, network: string, references: readonly string[]): Promise<SettlingRequest[]> {
  if (references.length === 0) return [];
  const rows = await tx.$queryRaw<
    {
      id: string;
      platform_id: string;
      client_id_id: string | null;
      client_id: string | null;
      orchestrator_id: string | null;
      network: string;
      payment_reference: string;
      payee: string;
      invoice_currency: string;
      payment_currency: string;
      expected_amount: string;
      amount_paid: string;
      status: RequestStatus;
    }[]
  >`
    SELECT r.id, r.platform_id::text, r.client_id_id::text, c.client_id, r.orchestrator_id::text, r.network, r.payment_reference,
      r.payee, r.invoice_currency, r.payment_currency, r.expected_amount::text, r.amount_paid::text, r.status::text AS status
    FROM payment_requests r LEFT JOIN client_ids c ON c.id = r.client_id_id
    WHERE r.network = ${network} AND r.payment_reference = ANY(${references.map((r) => r.toLowerCase())}::text[])
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
    payee: r.payee,
    invoiceCurrency: r.invoice_currency,
    paymentCurrency: r.payment_currency,
    expectedAmount: BigInt(r.expected_amount),
    amountPaid: BigInt(r.amount_paid),
    status: r.status,
  }));
}

/** The status a request has with `amountPaid` settled; a cancelled request stays cancelled. */
export function statusAfterPayments(current: RequestStatus, expectedAmount: bigint, amountPaid: bigint): RequestStatus {
  if (current === "cancelled") return current;
  if (amountPaid >= expectedAmount) return "paid";
  return amountPaid > 0n ? "partially_paid" : "pending";
}

/** Stores each request's amount paid (invoice units) and the status it implies. */
export async function setAmountsPaid(tx: Tx, updates: readonly { requestId: string; amountPaid: bigint }[]): Promise<void> {
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
