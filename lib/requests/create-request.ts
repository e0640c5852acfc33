// Creating payment requests. prepareRequest() checks one request's input against the
// currency list and builds the row (pure, so batches check every item before writing any);
// createRequest() is what operations and other domains (secure payments) call.

import { parseNetworkAddress, sameAddress } from "../addresses/wallet-address";
import { getCurrency } from "../chains/currencies";
import { NETWORKS } from "../chains/networks";
import type { FieldError } from "../http/errors";
import { validationError } from "../http/errors";
import { chainNow } from "./chain-now";
import type { Fee } from "./fee";
import { feeForCall } from "./fee-for-call";
import { networkAvailability } from "./network-availability";
import { firstOccurrenceAfter, occurrenceDueAt } from "./occurrence-rules";
import { offrampDepositAddress } from "./offramp-deposit";
import { parseAmount } from "./payment-maths";
import { type PaymentMethod, paymentMethodFor } from "./payment-method";
import { isRequestId, newRequestId, newSalt, paymentReference } from "./payment-reference";
import {
  type CustomerInfo,
  findRequest,
  insertRequests,
  type NewStoredRequest,
  type Recurrence,
} from "./request-store";

export interface RequestInput {
  amount: string;
  invoiceCurrency: string;
  paymentCurrency: string;
  payee?: string;
  payer?: string;
  recurrence?: Recurrence;
  isCryptoToFiatAvailable?: boolean;
  customerInfo?: CustomerInfo;
  reference?: string;
  originalRequestId?: string;
  originalRequestPaymentReference?: string;
}

export interface RequestContext {
  platformId: string;
  /** The client ID the request is created with; webhooks of the request go to its endpoints. */
  clientIdId: string | null;
  /** Set when an orchestrator creates the request for a linked platform; fixed from then on. */
  orchestratorId?: string | null;
  /** The browser Origin of a client-ID caller, kept for payment events. */
  origin?: string | null;
  /**
   * POST /v2/request only: a request with `recurrence` (and no originalRequestId) is a recurring
   * invoice whose occurrences the worker issues (recurring-invoices.ts). Recurring payouts pass
   * `recurrence` too, but their schedule pays that one request: they leave this unset.
   */
  recurringInvoice?: boolean;
  /** Stored with the request and applied at payment time unless /pay names another. */
  fee?: Fee | null;
  now?: Date;
}

export type Prepared =
  | { ok: true; request: NewStoredRequest; method: PaymentMethod }
  | { ok: false; errors: FieldError[] };

function startOfUtcDay(d: Date): number {
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** Checks one request and builds its row; `prefix` names fields inside a batch ("requests.2"). */
export function prepareRequest(input: RequestInput, ctx: RequestContext, prefix = ""): Prepared {
  const field = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const errors: FieldError[] = [];
  const fail = (name: string, message: string) => errors.push({ field: field(name), message });

  const invoice = getCurrency(input.invoiceCurrency);
  const payment = getCurrency(input.paymentCurrency);
  if (!invoice)
    fail("invoiceCurrency", `unknown currency ${JSON.stringify(input.invoiceCurrency)}; see GET /v2/currencies`);
  if (!payment)
    fail("paymentCurrency", `unknown currency ${JSON.stringify(input.paymentCurrency)}; see GET /v2/currencies`);
  if (!invoice || !payment) return { ok: false, errors };

  const method = paymentMethodFor(invoice, payment);
  if (!method.ok) {
    fail(method.field, method.message);
    return { ok: false, errors };
  }
  const network = payment.network as Exclude<typeof payment.network, "fiat">;
  const unavailable = networkAvailability(network);
  if (unavailable) fail("paymentCurrency", unavailable);

  const amount = parseAmount(input.amount, invoice.decimals, invoice.id);
  if (!amount.ok) fail("amount", amount.message);

  let payee: string | undefined;
  if (input.payee === undefined) {
    // A crypto-to-fiat request without a payee wallet is paid to the off-ramp deposit address.
    const deposit = input.isCryptoToFiatAvailable ? offrampDepositAddress(network) : null;
    if (deposit) payee = deposit;
    else if (input.isCryptoToFiatAvailable)
      fail(
        "payee",
        `is required: no off-ramp deposit address is configured for ${network} (OFFRAMP_DEPOSIT_ADDRESSES)`,
      );
    else fail("payee", "is required");
  } else {
    const parsed = parseNetworkAddress(input.payee, network, "payee");
    if (parsed.ok) payee = parsed.address;
    else fail("payee", parsed.message);
  }

  let payer: string | null = null;
  if (input.payer !== undefined) {
    const parsed = parseNetworkAddress(input.payer, network, "payer");
    if (!parsed.ok) fail("payer", parsed.message);
    else if (payee && sameAddress(parsed.address, payee)) fail("payer", "must differ from the payee");
    else payer = parsed.address;
  }

  if (input.recurrence && Date.parse(input.recurrence.startDate) < startOfUtcDay(ctx.now ?? new Date())) {
    fail("recurrence.startDate", "cannot be in the past");
  }
  if (input.originalRequestId !== undefined && !isRequestId(input.originalRequestId))
    fail("originalRequestId", "must be a requestId (66 hex characters)");
  if (
    input.originalRequestPaymentReference !== undefined &&
    !/^0x[0-9a-fA-F]{16}$/.test(input.originalRequestPaymentReference)
  ) {
    fail("originalRequestPaymentReference", "must be a payment reference (0x + 16 hex characters)");
  }
  const fee = ctx.fee ?? null;
  if (fee && !parseNetworkAddress(fee.address, network).ok) {
    fail(
      "feeAddress",
      `${fee.address} cannot receive fees on ${network} (${NETWORKS[network].family === "tron" ? "a Tron" : "an EVM"} address is needed)`,
    );
  }
  if (errors.length > 0 || !amount.ok || !payee) return { ok: false, errors };

  const requestId = newRequestId();
  const salt = newSalt();
  const recurs =
    ctx.recurringInvoice === true && input.recurrence !== undefined && input.originalRequestId === undefined;
  return {
    ok: true,
    method: method.method,
    request: {
      requestId,
      platformId: ctx.platformId,
      clientIdId: ctx.clientIdId,
      orchestratorId: ctx.orchestratorId ?? null,
      network,
      invoiceCurrency: invoice.id,
      paymentCurrency: payment.id,
      expectedAmount: amount.value,
      payee,
      payer,
      salt,
      paymentReference: paymentReference(requestId, salt, payee),
      reference: input.reference ?? null,
      customerInfo: input.customerInfo ?? null,
      origin: ctx.origin ?? null,
      recurrence: input.recurrence ?? null,
      isCryptoToFiatAvailable: input.isCryptoToFiatAvailable ?? false,
      originalRequestId: input.originalRequestId?.toLowerCase() ?? null,
      originalRequestPaymentReference: input.originalRequestPaymentReference?.toLowerCase() ?? null,
      nextOccurrence: recurs ? 1 : null,
      nextOccurrenceAt: recurs && input.recurrence ? occurrenceDueAt(input.recurrence, 1) : null,
      occurrenceIndex: null,
      feePercentage: fee?.percentage ?? null,
      feeAddress: fee?.address ?? null,
    },
  };
}

/** The original request of a recurring one must be the platform's; its reference is copied when not given. */
async function linkOriginal(request: NewStoredRequest): Promise<FieldError | null> {
  if (!request.originalRequestId) return null;
  const original = await findRequest(request.platformId, request.originalRequestId);
  if (!original) return { field: "originalRequestId", message: "no request of this platform has this id" };
  request.originalRequestPaymentReference ??= original.paymentReference;
  return null;
}

const CHAIN_READ_MS = 3000;

/**
 * A recurring invoice's first occurrence is the first period still ahead of the chain's clock
 * (occurrence-rules.ts firstOccurrenceAfter); the server's clock when the chain cannot be read.
 */
async function skipPeriodsBehindChain(request: NewStoredRequest, recurrence: Recurrence): Promise<void> {
  // Creation waits at most CHAIN_READ_MS for the chain: an unreachable RPC must not hold the API up.
  const timeout = new Promise<Date>((resolve) => setTimeout(() => resolve(new Date()), CHAIN_READ_MS).unref());
  const now = await Promise.race([chainNow(request.network).catch(() => new Date()), timeout]);
  const first = firstOccurrenceAfter(recurrence, now);
  request.nextOccurrence = first;
  request.nextOccurrenceAt = occurrenceDueAt(recurrence, first);
}

/**
 * Checks and stores one payment request. Throws a 400 (Validation failed, with the fields)
 * for bad input. Callers: POST /v2/request, payouts, secure payments.
 */
export async function createRequest(ctx: RequestContext, input: RequestInput): Promise<NewStoredRequest> {
  const request = await prepareNewRequest(ctx, input);
  if (request.recurrence && request.nextOccurrence !== null) await skipPeriodsBehindChain(request, request.recurrence);
  await insertRequests([request]);
  return request;
}

/** Everything createRequest() does but the insert: payouts build the calldata first, then store. */
export async function prepareNewRequest(ctx: RequestContext, input: RequestInput): Promise<NewStoredRequest> {
  const fee = (await feeForCall(ctx, ctx.fee ?? null)) ?? null;
  const prepared = prepareRequest(input, { ...ctx, fee });
  if (!prepared.ok) throw validationError(prepared.errors);
  const originalError = await linkOriginal(prepared.request);
  if (originalError) throw validationError([originalError]);
  return prepared.request;
}
