// The payment_requests table, owned by this domain. Other domains go through these functions
// (and create-request.ts / build-pay-calldata.ts), never through the Prisma model.
import { type Hex, keccak256 } from "viem";
import type { NetworkId } from "../chains/networks";
import { toBigInt, toDecimal } from "../db/amounts";
import { db } from "../db/client";
import { Prisma, type PaymentRequest as RequestRow } from "../db/generated/client";
import { type CustomerInfo, openCustomerInfo, sealCustomerInfo } from "./customer-info";
import type { CreateRequestBody } from "./schemas";

export type RequestStatus = RequestRow["status"];
export type Recurrence = NonNullable<CreateRequestBody["recurrence"]>;
export type { CustomerInfo };

export interface StoredRequest {
  requestId: string;
  platformId: string;
  clientIdId: string | null;
  /** The orchestrator that created the request for the platform (secure payments); its events go to it too. */
  orchestratorId: string | null;
  network: NetworkId;
  invoiceCurrency: string; // currency id
  paymentCurrency: string; // currency id
  /** In the invoice currency's smallest unit (cents for USD). */
  expectedAmount: bigint;
  amountPaid: bigint;
  payee: string;
  payer: string | null;
  salt: string;
  paymentReference: Hex;
  reference: string | null;
  customerInfo: CustomerInfo | null;
  /** The Origin a client-ID caller created the request from; null with an API key. */
  origin: string | null;
  recurrence: Recurrence | null;
  isRecurrenceStopped: boolean;
  isCryptoToFiatAvailable: boolean;
  originalRequestId: string | null;
  originalRequestPaymentReference: string | null;
  /** A recurring invoice's next occurrence and when it falls due; null when the request issues none (recurring-invoices.ts). */
  nextOccurrence: number | null;
  nextOccurrenceAt: Date | null;
  /** On an occurrence a recurring invoice issued: its number (1, 2, …); null otherwise. */
  occurrenceIndex: number | null;
  /** Fee stored with the request (payouts, client ID settings); applied when /pay gives none. */
  feePercentage: string | null;
  feeAddress: string | null;
  status: RequestStatus;
  createdAt: Date;
}

export type NewStoredRequest = Omit<StoredRequest, "amountPaid" | "status" | "createdAt" | "isRecurrenceStopped">;

/** What payment events carry: the reference is an indexed `bytes` argument, so its keccak256. */
export function paymentReferenceHash(reference: string): string {
  return keccak256(reference.toLowerCase() as Hex);
}

export function fromRow(row: RequestRow): StoredRequest {
  return {
    requestId: row.id,
    platformId: row.platformId,
    clientIdId: row.clientIdId,
    orchestratorId: row.orchestratorId,
    network: row.network as NetworkId,
    invoiceCurrency: row.invoiceCurrency,
    paymentCurrency: row.paymentCurrency,
    expectedAmount: toBigInt(row.expectedAmount),
    amountPaid: toBigInt(row.amountPaid),
    payee: row.payee,
    payer: row.payer,
    salt: row.salt,
    paymentReference: row.paymentReference as Hex,
    reference: row.reference,
    customerInfo: openCustomerInfo(row.id, row.customerInfoEncrypted, row.customerInfo),
    origin: row.origin,
    recurrence: (row.recurrence as Recurrence | null) ?? null,
    isRecurrenceStopped: row.isRecurrenceStopped,
    isCryptoToFiatAvailable: row.isCryptoToFiatAvailable,
    originalRequestId: row.originalRequestId,
    originalRequestPaymentReference: row.originalRequestPaymentReference,
    nextOccurrence: row.nextOccurrence,
    nextOccurrenceAt: row.nextOccurrenceAt,
    occurrenceIndex: row.occurrenceIndex,
    feePercentage: row.feePercentage,
    feeAddress: row.feeAddress,
    status: row.status,
    createdAt: row.createdAt,
  };
}

export function toCreateInput(r: NewStoredRequest): Prisma.PaymentRequestCreateManyInput {
  return {
    id: r.requestId,
    platformId: r.platformId,
    clientIdId: r.clientIdId,
    orchestratorId: r.orchestratorId,
    network: r.network,
    invoiceCurrency: r.invoiceCurrency,
    paymentCurrency: r.paymentCurrency,
    expectedAmount: toDecimal(r.expectedAmount),
    payee: r.payee,
    payer: r.payer,
    salt: r.salt,
    paymentReference: r.paymentReference,
    paymentReferenceHash: paymentReferenceHash(r.paymentReference),
    reference: r.reference,
    customerInfoEncrypted: r.customerInfo ? sealCustomerInfo(r.requestId, r.customerInfo) : null,
    origin: r.origin,
    recurrence: r.recurrence ?? undefined,
    isCryptoToFiatAvailable: r.isCryptoToFiatAvailable,
    originalRequestId: r.originalRequestId,
    originalRequestPaymentReference: r.originalRequestPaymentReference,
    nextOccurrence: r.nextOccurrence,
    nextOccurrenceAt: r.nextOccurrenceAt,
    occurrenceIndex: r.occurrenceIndex,
    feePercentage: r.feePercentage,
    feeAddress: r.feeAddress,
  };
}

/** Inserts all or none; `tx` lets another domain store them with its own rows (secure payments). */
export async function insertRequests(
  requests: readonly NewStoredRequest[],
  tx?: Prisma.TransactionClient,
): Promise<void> {
  if (requests.length === 0) return;
  await (tx ?? (await db())).paymentRequest.createMany({ data: requests.map(toCreateInput) });
}

/** The request if it belongs to the platform; null for a missing one and for another platform's alike. */
export async function findRequest(platformId: string, requestId: string): Promise<StoredRequest | null> {
  const row = await (await db()).paymentRequest.findUnique({ where: { id: requestId.toLowerCase() } });
  return row && row.platformId === platformId ? fromRow(row) : null;
}

/** The platform's requests among `requestIds`, in no particular order. */
export async function findRequests(platformId: string, requestIds: readonly string[]): Promise<StoredRequest[]> {
  const rows = await (await db()).paymentRequest.findMany({
    where: { platformId, id: { in: requestIds.map((id) => id.toLowerCase()) } },
  });
  return rows.map(fromRow);
}

export async function setRecurrenceStopped(platformId: string, requestId: string, stopped: boolean): Promise<void> {
  await (await db()).paymentRequest.updateMany({
    where: { id: requestId, platformId },
    data: { isRecurrenceStopped: stopped },
  });
}

/** A request prepared but not stored yet, as buildPayCalldata reads it (payouts quote before they store). */
export function asStored(request: NewStoredRequest, now = new Date()): StoredRequest {
  return { ...request, amountPaid: 0n, status: "pending", isRecurrenceStopped: false, createdAt: now };
}

// SQL for the reads of lib/payments that take payments with their requests in one statement
// (payment search, the volume chart: docs/decisions/payment-search.md says why one). The
// requests' table and columns are named here, by their owner; the caller embeds the fragments.

/** `JOIN payment_requests r ON r.id = <requestId>`: each row's request, as `r` for the fragments below. */
export function joinRequestSql(requestId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`JOIN payment_requests r ON r.id = ${requestId}`;
}

/** The joined request's payment currency (`r`). */
export const REQUEST_PAYMENT_CURRENCY_SQL = Prisma.sql`r.payment_currency`;

/** The joined request's columns a payment search answers (`r`), named as RequestColumns. */
export const REQUEST_COLUMNS_SQL = Prisma.sql`r.id AS request_id, r.payment_reference, r.reference,
            r.customer_info::text, r.customer_info_encrypted, r.invoice_currency, r.payment_currency, r.status::text, r.expected_amount::text, r.amount_paid::text`;

/** A row's REQUEST_COLUMNS_SQL. */
export interface RequestColumns {
  request_id: string;
  payment_reference: string;
  reference: string | null;
  customer_info: unknown;
  customer_info_encrypted: string | null;
  invoice_currency: string;
  payment_currency: string;
  status: string;
  expected_amount: string;
  amount_paid: string;
}

/** The customerInfo of a row of REQUEST_COLUMNS_SQL, decrypted. */
export const customerInfoOfColumns = (r: RequestColumns): CustomerInfo | null =>
  openCustomerInfo(r.request_id, r.customer_info_encrypted, r.customer_info);

/** `SELECT id …`: the platform's requests whose payment reference, or reference, is `value` (each indexed), for `IN (…)`. */
export function requestIdsWithSql(
  platformId: string,
  column: "payment_reference" | "reference",
  value: string,
): Prisma.Sql {
  return Prisma.sql`SELECT id FROM payment_requests WHERE platform_id = ${platformId}::uuid AND ${Prisma.raw(column)} = ${value}`;
}

/**
 * Over the requests whose ids are the text[] `ids` (a secure payment's request_ids): whether any
 * is cancelled, and how many there are and are paid (hasBeenPaid), as `any_cancelled`,
 * `request_count`, `paid_count` — one subquery, for GET /v2/secure-payments's status filter.
 */
export function requestsStateSql(ids: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT bool_or(rq.status = 'cancelled') AS any_cancelled, count(*)::int AS request_count,
      (count(*) FILTER (WHERE rq.status = 'paid' OR rq.amount_paid >= rq.expected_amount))::int AS paid_count
    FROM payment_requests rq WHERE rq.id = ANY(${ids}))`;
}
