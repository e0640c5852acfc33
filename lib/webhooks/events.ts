// The webhook event catalog (docs/interface.md "Events"): every event's exact field list, who receives it,
// and one typed builder, so a caller cannot get a field list wrong. `event`, `requestID`,
// `clientId`, `orchestratorId` and `timestamp` are filled in here from the owner of the
// resource, never by the caller.
import { z } from "zod";
import { timestamp } from "../zod/timestamp";

const decimal = z.string().regex(/^\d+(\.\d+)?$/, "a decimal string");
const nullableString = z.string().nullable();

const fee = z.strictObject({
  type: z.string().describe("e.g. `platform`, `protocol`"),
  amount: decimal.describe("Decimal amount in `currency`"),
  currency: z.string(),
  address: nullableString.describe("Receiving address, when the fee is paid on-chain"),
});

/** `paymentProcessor` of payments settled on chain, written as the hosted service's docs show it (receivers store it). */
export const ON_CHAIN_PAYMENT_PROCESSOR = "request-network";

const customerInfo = z
  .strictObject({
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    email: z.string().optional(),
    address: z
      .strictObject({
        street: z.string().optional(),
        city: z.string().optional(),
        state: z.string().optional(),
        postalCode: z.string().optional(),
        country: z.string().optional().describe("ISO 3166-1 alpha-2"),
      })
      .optional(),
  })
  .nullable()
  .describe("`customerInfo` given when the request was created (POST /v2/request, POST /v2/payouts); null without");

/** Fields shared by the payment events. */
const paymentFields = {
  requestId: z.string(),
  requestID: z.string().describe("Same value as requestId, for older integrations"),
  paymentReference: z.string(),
  explorer: nullableString.describe("Block-explorer URL of the transaction, when available"),
  amount: decimal,
  totalAmountPaid: decimal,
  expectedAmount: decimal,
  excessAmount: decimal.describe(
    "What the payments so far exceed expectedAmount by (an overpayment), in the invoice currency; `0` when they do not",
  ),
  txHash: z.string(),
  payerAddress: nullableString.describe("Address the payment came from"),
  payerEoaAddress: nullableString.describe(
    "The payer's connected wallet; differs from payerAddress with a smart account",
  ),
  network: z.string(),
  currency: z.string(),
  paymentCurrency: z.string(),
  isCryptoToFiat: z
    .boolean()
    .describe("Whether the payment is paid out in fiat (off-ramp); always false here, where off-ramp is not available"),
  subStatus: z.string().describe("The step of a crypto-to-fiat payment; empty for payments settled on chain"),
  paymentProcessor: z
    .string()
    .describe(`Who processed the payment: \`${ON_CHAIN_PAYMENT_PROCESSOR}\` for payments settled on chain`),
  fees: z.array(fee),
  reference: nullableString.describe("The merchant's `reference` given when the request was created; null without"),
  customerInfo,
  origin: nullableString.describe(
    "The browser Origin the request was created from with a client ID; null for requests created with an API key",
  ),
  crosschain: z
    .strictObject({
      sourceNetwork: z.string().describe("Where the payer's funds were pulled"),
      sourceTxHash: nullableString.describe("The pull through our gateway on the source chain"),
      destinationTxHash: z.string().describe("The operator's payment on the request's network (= txHash)"),
    })
    .optional()
    .describe("Crosschain payments only: both transactions (payerAddress is then the payer on the source chain)"),
};

const owner = {
  clientId: nullableString.describe(
    "The platform's client ID the resource belongs to; null for a resource created with an API key, whose events reach every client ID's endpoints (the `x-service-endpoint` header names the receiving endpoint)",
  ),
  orchestratorId: nullableString.describe("The orchestrator that created the resource, fixed at creation"),
};

export const EVENT_PAYLOADS = {
  "client_id.linked": z.strictObject({
    event: z.literal("client_id.linked"),
    clientId: z.string(),
    orchestratorId: z.string(),
    linkId: z.string().describe("Deduplicate by linkId or intentId"),
    intentId: z.string(),
    externalId: nullableString,
    destinationId: nullableString,
    destinationWalletAddress: nullableString,
    chain: nullableString,
    currency: nullableString,
    timestamp,
  }),
  "payment.confirmed": z.strictObject({
    event: z.literal("payment.confirmed"),
    ...paymentFields,
    ...owner,
    timestamp,
  }),
  "payment.failed": z.strictObject({
    event: z.literal("payment.failed"),
    requestId: z.string(),
    requestID: z.string(),
    paymentReference: z.string(),
    subStatus: z.string().describe("e.g. `insufficient_funds`"),
    paymentProcessor: z.string(),
  }),
  "kyt.screening.completed": z.strictObject({
    event: z.literal("kyt.screening.completed"),
    paymentToken: z.string(),
    walletAddress: z.string(),
    eoaAddress: nullableString,
    smartAccountAddress: nullableString,
    status: z.enum(["approved", "rejected"]),
    provider: z.string(),
    policyId: z.uuid(),
    ...owner,
    timestamp,
  }),
  "secure_payment.user_event": z.strictObject({
    event: z.literal("secure_payment.user_event"),
    userEvent: z.enum(["wallet_connected", "payment_sent_to_wallet", "payment_approved_in_wallet"]),
    securePaymentToken: z.string(),
    requestId: nullableString,
    requestIds: z.array(z.string()),
    ...owner,
    occurredAt: timestamp.describe("As reported by the browser"),
    timestamp: timestamp.describe("When the service received it"),
    properties: z.strictObject({
      wallet_provider: nullableString,
      payment_submission_id: nullableString,
      payment_submission_id_type: nullableString.describe("e.g. `evm_tx_hash`"),
      selected_source_chain: nullableString,
      payment_type: nullableString,
    }),
  }),
  "secure_payment.access_rejected": z.strictObject({
    event: z.literal("secure_payment.access_rejected"),
    requestId: z.string(),
    attemptedPayerWalletAddress: z.string().describe("EVM addresses lowercased, Tron addresses as given"),
    ...owner,
    timestamp,
  }),
  // Legacy events, still delivered to existing integrations (their payloads are ours).
  "payment.partial": z.strictObject({
    event: z.literal("payment.partial"),
    ...paymentFields,
    ...owner,
    timestamp,
  }),
  "payment.processing": z.strictObject({
    event: z.literal("payment.processing"),
    requestId: z.string(),
    requestID: z.string(),
    paymentReference: z.string(),
    txHash: z.string(),
    network: z.string(),
    subStatus: z.string().describe("The crypto-to-fiat step, e.g. `ongoing_checks`"),
    paymentProcessor: z.string().describe("e.g. `request-tech` for the fiat leg"),
    ...owner,
    timestamp,
  }),
  "payment.refunded": z.strictObject({
    event: z.literal("payment.refunded"),
    requestId: z.string(),
    requestID: z.string(),
    paymentReference: z.string(),
    amount: decimal,
    currency: z.string(),
    txHash: z.string(),
    network: z.string(),
    refundAddress: z
      .string()
      .optional()
      .describe("Refunds of a request (POST /v2/request/{requestId}/refunds): where the refund went"),
    totalAmountRefunded: decimal
      .optional()
      .describe("Refunds of a request: everything refunded so far, this refund included, in `currency`"),
    ...owner,
    timestamp,
  }),
  "compliance.updated": z.strictObject({
    event: z.literal("compliance.updated"),
    clientUserId: z.string(),
    userId: z.string(),
    kycStatus: z.string(),
    agreementStatus: z.string(),
    isCompliant: z.boolean(),
    clientId: owner.clientId,
    timestamp,
  }),
  "payment_detail.updated": z.strictObject({
    event: z.literal("payment_detail.updated"),
    clientUserId: z.string(),
    userId: z.string(),
    paymentDetailsId: z.string(),
    status: z.string(),
    clientId: owner.clientId,
    timestamp,
  }),
  "request.recurring": z.strictObject({
    event: z.literal("request.recurring"),
    requestId: z.string().describe("The new request of this occurrence"),
    requestID: z.string(),
    originalRequestId: z.string().describe("The recurring invoice this occurrence recurs from"),
    originalRequestPaymentReference: z.string(),
    paymentReference: z.string().describe("The new request's own payment reference: the payer pays this one"),
    occurrenceIndex: z.number().int().describe("1 for the first occurrence after the original, 2 for the next…"),
    dueDate: timestamp.describe("When this occurrence fell due: the start date plus occurrenceIndex periods"),
    ...owner,
    timestamp,
  }),
} as const;

export type EventName = keyof typeof EVENT_PAYLOADS;
/** A payload as sent (times as ISO 8601 strings). */
export type EventPayload<N extends EventName> = z.output<(typeof EVENT_PAYLOADS)[N]>;

export const CURRENT_EVENTS = [
  "client_id.linked",
  "payment.confirmed",
  "payment.failed",
  "kyt.screening.completed",
  "secure_payment.user_event",
  "secure_payment.access_rejected",
] as const satisfies readonly EventName[];
export const LEGACY_EVENTS = [
  "payment.partial",
  "payment.refunded",
  "payment.processing",
  "compliance.updated",
  "payment_detail.updated",
  "request.recurring",
] as const satisfies readonly EventName[];
export const EVENT_NAMES = [...CURRENT_EVENTS, ...LEGACY_EVENTS] as const;

/** Who receives an event (docs/interface.md "Recipients"). Legacy events go to platforms only. */
export const EVENT_RECIPIENTS: Record<EventName, { platform: boolean; orchestrator: boolean }> = {
  "client_id.linked": { platform: false, orchestrator: true },
  "payment.confirmed": { platform: true, orchestrator: true },
  "payment.failed": { platform: true, orchestrator: false },
  "kyt.screening.completed": { platform: true, orchestrator: true },
  "secure_payment.user_event": { platform: true, orchestrator: true },
  "secure_payment.access_rejected": { platform: true, orchestrator: false },
  "payment.partial": { platform: true, orchestrator: false },
  "payment.refunded": { platform: true, orchestrator: false },
  "payment.processing": { platform: true, orchestrator: false },
  "compliance.updated": { platform: true, orchestrator: false },
  "payment_detail.updated": { platform: true, orchestrator: false },
  "request.recurring": { platform: true, orchestrator: false },
};

/**
 * The resource an event is about, as it was at its creation: the platform, its client ID
 * (internal id for routing, public value for the payload; both null for resources created
 * with an API key) and the orchestrator that created it, if one did.
 */
export interface EventOwner {
  platformId: string;
  clientIdId: string | null;
  clientId: string | null;
  orchestratorId: string | null;
}

/** Filled in from the owner and the clock, never by the caller. */
type Derived = "event" | "requestID" | "clientId" | "orchestratorId" | "timestamp";
/** What the caller gives (times as Dates). */
export type EventFields<N extends EventName> = Omit<z.input<(typeof EVENT_PAYLOADS)[N]>, Derived> & {
  timestamp?: Date;
};

export interface OutgoingEvent<N extends EventName = EventName> {
  name: N;
  owner: EventOwner;
  payload: EventPayload<N>;
  isTest?: boolean;
}

/** Builds and checks the payload of `name`: exactly its fields, in the documented order. */
export function webhookEvent<N extends EventName>(
  name: N,
  owner: EventOwner,
  fields: EventFields<N>,
  opts: { isTest?: boolean } = {},
): OutgoingEvent<N> {
  const schema = EVENT_PAYLOADS[name];
  const given = fields as Record<string, unknown>;
  const at = fields.timestamp ?? new Date();
  const derived: Record<Derived, unknown> = {
    event: name,
    requestID: given.requestId,
    clientId: owner.clientId,
    orchestratorId: owner.orchestratorId,
    timestamp: at,
  };
  const payload: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = key in derived ? derived[key as Derived] : given[key];
    // An optional field left out (payment.confirmed's `crosschain`) stays out of the payload.
    if (value !== undefined || !schema.shape[key as keyof typeof schema.shape].safeParse(undefined).success)
      payload[key] = value;
  }
  const extra = Object.keys(given).filter((k) => k !== "timestamp" && !(k in schema.shape));
  if (extra.length > 0) throw new Error(`${name} has no field ${extra.join(", ")}`);
  return { name, owner, payload: schema.parse(payload) as EventPayload<N>, isTest: opts.isTest };
}
