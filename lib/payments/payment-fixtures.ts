// Test helpers for payment detection: requests created the way the API creates them, and
// detected payments shaped like the indexers' output.
import { randomBytes } from "node:crypto";
import { getCurrency } from "../chains/currencies";
import type { NetworkId } from "../chains/networks";
import { db } from "../db/client";
import { createRequest, type RequestInput } from "../requests/create-request";
import { paymentReferenceHash } from "../requests/request-store";
import type { DetectedPayment } from "./detected-payment";
import { recordPayments } from "./record-payments";

export const PAYEE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const PAYER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

export async function testRequest(
  p: { platformId: string; clientIdId: string | null; origin?: string },
  input: Partial<RequestInput> = {},
) {
  return createRequest(
    { platformId: p.platformId, clientIdId: p.clientIdId, origin: p.origin },
    { amount: "25", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base", payee: PAYEE, ...input },
  );
}

let block = 100n;
export function detected(
  request: { paymentReference: string; network: string; paymentCurrency: string; payee: string },
  amount: bigint,
  over: Partial<DetectedPayment> = {},
): DetectedPayment {
  block++;
  const token = getCurrency(request.paymentCurrency);
  return {
    network: request.network as NetworkId,
    txHash: `0x${randomBytes(32).toString("hex")}`,
    logIndex: 0,
    blockNumber: block,
    blockHash: `0x${randomBytes(32).toString("hex")}`,
    blockTime: new Date(Date.UTC(2026, 0, 1) + Number(block) * 1000),
    referenceHash: paymentReferenceHash(request.paymentReference),
    tokenAddress: token?.type === "ETH" ? null : (token?.address ?? null),
    to: request.payee,
    amount,
    feeAmount: 0n,
    feeAddress: null,
    payerAddress: PAYER,
    payerEoaAddress: PAYER,
    type: "direct",
    ...over,
  };
}

export async function record(payments: DetectedPayment[]) {
  return (await db()).$transaction((tx) => recordPayments(tx, payments));
}
