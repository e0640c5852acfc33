// Example payloads of every event, for test deliveries (`x-service-test: true`): the exact
// shape a real event of that name has, with the caller's own client ID / orchestrator id and
// obviously fictitious values elsewhere.
import {
  type EventFields,
  type EventName,
  type EventOwner,
  ON_CHAIN_PAYMENT_PROCESSOR,
  type OutgoingEvent,
  webhookEvent,
} from "./events";

const REQUEST_ID = "01" + "e2a7".repeat(16);
const PAYMENT_REFERENCE = "0x7e1a5b2c9d3f4e60";
const TX_HASH = "0x" + "ab".repeat(32);
const PAYER = "0x6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7";
const TOKEN = "01JEXAMPLE0SECUREPAYMENT00";

const payment = {
  requestId: REQUEST_ID,
  paymentReference: PAYMENT_REFERENCE,
  explorer: `https://basescan.org/tx/${TX_HASH}`,
  amount: "100.00",
  totalAmountPaid: "100.00",
  expectedAmount: "100.00",
  excessAmount: "0",
  txHash: TX_HASH,
  payerAddress: PAYER,
  payerEoaAddress: PAYER,
  network: "base",
  currency: "USDC",
  paymentCurrency: "USDC-base",
  isCryptoToFiat: false,
  subStatus: "",
  paymentProcessor: ON_CHAIN_PAYMENT_PROCESSOR,
  fees: [{ type: "platform", amount: "0.50", currency: "USDC", address: "0x1111111111111111111111111111111111111111" }],
  reference: "order-1042",
  customerInfo: {
    firstName: "Ada",
    lastName: "Example",
    email: "ada@example.com",
    address: { city: "Paris", country: "FR" },
  },
  origin: "https://shop.example.com",
};

const EXAMPLES: { [N in EventName]: (now: Date) => EventFields<N> } = {
  "client_id.linked": () => ({
    linkId: "00000000-0000-4000-8000-00000000e1a1",
    intentId: "00000000-0000-4000-8000-00000000e1a2",
    externalId: "merchant-42",
    destinationId: null,
    destinationWalletAddress: PAYER,
    chain: "base",
    currency: "USDC",
  }),
  // A crosschain payment's confirmation: the example shows every field, the optional crosschain one too.
  "payment.confirmed": () => ({
    ...payment,
    crosschain: { sourceNetwork: "optimism", sourceTxHash: TX_HASH, destinationTxHash: TX_HASH },
  }),
  "payment.failed": () => ({
    requestId: REQUEST_ID,
    paymentReference: PAYMENT_REFERENCE,
    subStatus: "insufficient_funds",
    paymentProcessor: ON_CHAIN_PAYMENT_PROCESSOR,
  }),
  "kyt.screening.completed": () => ({
    paymentToken: TOKEN,
    walletAddress: PAYER,
    eoaAddress: PAYER,
    smartAccountAddress: null,
    status: "approved",
    provider: "example",
    policyId: "00000000-0000-4000-8000-0000000000a1",
  }),
  "secure_payment.user_event": (now) => ({
    userEvent: "wallet_connected",
    securePaymentToken: TOKEN,
    requestId: REQUEST_ID,
    requestIds: [REQUEST_ID],
    occurredAt: new Date(now.getTime() - 1000),
    properties: {
      wallet_provider: "metamask",
      payment_submission_id: null,
      payment_submission_id_type: null,
      selected_source_chain: "base",
      payment_type: "single",
    },
  }),
  "secure_payment.access_rejected": () => ({ requestId: REQUEST_ID, attemptedPayerWalletAddress: PAYER }),
  "payment.partial": () => ({
    ...payment,
    amount: "40.00",
    totalAmountPaid: "40.00",
    crosschain: { sourceNetwork: "optimism", sourceTxHash: TX_HASH, destinationTxHash: TX_HASH },
  }),
  "payment.refunded": () => ({
    requestId: REQUEST_ID,
    paymentReference: PAYMENT_REFERENCE,
    amount: "100.00",
    currency: "USDC-base",
    txHash: TX_HASH,
    network: "base",
    refundAddress: "0x9F2b5C1E3A7D4B8e6f0a1c2D3E4f5A6B7c8d9e0f",
    totalAmountRefunded: "100.00",
  }),
  "payment.processing": () => ({
    requestId: REQUEST_ID,
    paymentReference: PAYMENT_REFERENCE,
    txHash: TX_HASH,
    network: "base",
    subStatus: "ongoing_checks",
    paymentProcessor: "request-tech",
  }),
  "compliance.updated": () => ({
    clientUserId: "customer-42",
    userId: "00000000-0000-4000-8000-0000000000b1",
    kycStatus: "completed",
    agreementStatus: "completed",
    isCompliant: true,
  }),
  "payment_detail.updated": () => ({
    clientUserId: "customer-42",
    userId: "00000000-0000-4000-8000-0000000000b1",
    paymentDetailsId: "00000000-0000-4000-8000-0000000000c1",
    status: "approved",
  }),
  "request.recurring": () => ({
    requestId: REQUEST_ID,
    originalRequestId: "01" + "0f0f".repeat(16),
    originalRequestPaymentReference: "0x0f0f0f0f0f0f0f0f",
    paymentReference: PAYMENT_REFERENCE,
    occurrenceIndex: 1,
    dueDate: new Date("2030-01-08T00:00:00.000Z"),
  }),
};

export function exampleEvent<N extends EventName>(name: N, owner: EventOwner, now = new Date()): OutgoingEvent<N> {
  // client_id.linked always names both sides; a platform testing it gets stand-ins.
  const shown: EventOwner =
    name === "client_id.linked"
      ? {
          ...owner,
          clientId: owner.clientId ?? "cid_example",
          orchestratorId: owner.orchestratorId ?? "00000000-0000-4000-8000-0000000000d1",
        }
      : owner;
  return webhookEvent(name, shown, { ...EXAMPLES[name](now), timestamp: now } as EventFields<N>, { isTest: true });
}
