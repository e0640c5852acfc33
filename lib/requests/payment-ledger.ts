// A request's status lists its payments, which lib/payments records and owns (its table). Payments
// depends on requests (recording settles them), so requests cannot import it: the payments domain
// hands its reader in at wiring (lib/wiring/payment-options.ts), as the payment options are.

/** A payment recorded for a request, as the request's status shows it. */
export interface StoredPayment {
  txHash: string;
  network: string;
  amount: bigint;
  feeAmount: bigint;
  feeAddress: string | null;
  payerAddress: string | null;
  currency: string | null;
  blockNumber: bigint;
  blockTime: Date;
  type: string;
  /** Invoice units it settled, and the token units per invoice unit for a conversion payment. */
  invoiceAmount: bigint;
  conversionRate: string | null;
}

/** Payments recorded for a request, oldest first. */
export type PaymentLedger = (requestId: string) => Promise<StoredPayment[]>;

let ledger: PaymentLedger | null = null;

/** The composition root's one call (lib/wiring/payment-options.ts). */
export function setPaymentLedger(read: PaymentLedger): void {
  ledger = read;
}

export function listPayments(requestId: string): Promise<StoredPayment[]> {
  if (!ledger)
    throw new Error(
      "The payment ledger is not registered: import lib/wiring/payment-options.ts in the process's start-up path",
    );
  return ledger(requestId);
}

/** A refund recorded for a request (lib/payments/record-refunds.ts), as the request's status counts it. */
export interface StoredRefund {
  txHash: string;
  network: string;
  /** Token units of `currency`. */
  amount: bigint;
  currency: string;
  refundAddress: string;
  senderAddress: string | null;
  blockNumber: bigint;
  blockTime: Date;
}

/** Refunds recorded for a request, oldest first. */
export type RefundLedger = (requestId: string) => Promise<StoredRefund[]>;

let refundLedger: RefundLedger | null = null;

/** Registered by lib/wiring/payment-options.ts with the payment ledger. */
export function setRefundLedger(read: RefundLedger): void {
  refundLedger = read;
}

export function listRefunds(requestId: string): Promise<StoredRefund[]> {
  if (!refundLedger)
    throw new Error(
      "The refund ledger is not registered: import lib/wiring/payment-options.ts in the process's start-up path",
    );
  return refundLedger(requestId);
}
