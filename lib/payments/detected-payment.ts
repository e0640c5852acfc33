// A payment as the chain reports it, before it is matched to a request: what the indexers
// (EVM logs, TronGrid events) decode and record-payments.ts stores. Pure types.
import type { NetworkId } from "../chains/networks";

export const PAYMENT_TYPES = ["direct", "conversion", "batch", "recurring", "crosschain", "deposit"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export interface DetectedPayment {
  network: NetworkId;
  txHash: string;
  /** Position of the event in its block: with network and txHash, what makes a payment unique. */
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  blockTime: Date;
  /**
   * keccak256 of the payment reference bytes: the proxies index the reference (`bytes
   * indexed`), so their events carry only this hash (paymentReferenceHash in request-store.ts).
   */
  referenceHash: string;
  /** The token paid; null for the native coin. */
  tokenAddress: string | null;
  /** Who was paid (must be the request's payee). */
  to: string;
  /** Token (or native) units to the payee and to the fee address. */
  amount: bigint;
  feeAmount: bigint;
  feeAddress: string | null;
  /** The address the payment came from (a smart account, when one paid), and the wallet that signed. */
  payerAddress: string | null;
  payerEoaAddress: string | null;
  type: PaymentType;
  /** Conversion payments: the invoice amount settled and its fee, in Chainlink units (8 decimals), and the invoice currency's hash. */
  conversion?: { requestAmount: bigint; requestFee: bigint; currencyHash: string };
}
