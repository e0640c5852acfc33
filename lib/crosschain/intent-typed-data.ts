// The EIP-712 typed data the payer signs for a crosschain payment: Permit2's
// PermitBatchWitnessTransferFrom with our PaymentIntent as the witness (docs/protocol.md
// "Crosschain payments"). The same builder serves the API (what the payer is shown), the
// signature check before anything is sent, and the operator's call to the gateway, so the
// three cannot drift apart. Pure: no I/O.
import type { Address, Hex } from "viem";
import { PERMIT2_ADDRESS } from "../chains/contracts";
import { PAYMENT_INTENT_TYPES } from "./intent-types";

/** payment_type 0: a payment of a payment request (the only kind so far). */
export const PAYMENT_TYPE_REQUEST = 0;

export interface IntentTerms {
  sourceChainId: number;
  sourceToken: Address;
  payer: Address;
  destinationChainId: number;
  destinationToken: Address;
  payee: Address;
  /** What the payee receives on the destination, in the source token's smallest units. */
  amount: bigint;
  /** The operator's fee (its gas on the destination included), also in source units. */
  fee: bigint;
  gateway: Address;
  operator: Address;
  treasury: Address;
  operatorId: Hex;
  nonce: bigint;
  /** Unix seconds: the permit's deadline and the witness's expires_at. */
  deadline: bigint;
  /** Unix seconds: when the operator commits to pay out at the latest. */
  processingDate: bigint;
}

export function intentWitness(t: IntentTerms) {
  return {
    payment_type: PAYMENT_TYPE_REQUEST,
    operator_data: { operatorId: t.operatorId, operator: t.operator, treasury_account: t.treasury, fee: t.fee },
    amount: t.amount,
    source: { account: t.payer, network_id: BigInt(t.sourceChainId), payment_token: t.sourceToken },
    destination: { account: t.payee, network_id: BigInt(t.destinationChainId), payment_token: t.destinationToken },
    processing_date: t.processingDate,
    expires_at: t.deadline,
  };
}

/** Two entries, as the gateway requires: the payee's amount, then the operator's fee. */
export function intentPermitted(t: IntentTerms) {
  return [
    { token: t.sourceToken, amount: t.amount },
    { token: t.sourceToken, amount: t.fee },
  ];
}

export function paymentIntentTypedData(t: IntentTerms) {
  return {
    domain: { name: "Permit2", chainId: t.sourceChainId, verifyingContract: PERMIT2_ADDRESS },
    types: PAYMENT_INTENT_TYPES,
    primaryType: "PermitBatchWitnessTransferFrom" as const,
    message: {
      permitted: intentPermitted(t),
      spender: t.gateway,
      nonce: t.nonce,
      deadline: t.deadline,
      witness: intentWitness(t),
    },
  };
}

/** The published JSON shape ({domain, types, values}), numbers as decimal strings. */
export function paymentIntentJson(t: IntentTerms): string {
  const { domain, types, message } = paymentIntentTypedData(t);
  return JSON.stringify({ domain, types, values: message }, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2);
}
