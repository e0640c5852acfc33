// Requests and payments written straight into the tables, for the search tests and the
// browser test's seeding: search reads rows whoever recorded them (payment detection in
// production), so the tests control every field a filter looks at.
import { randomBytes } from "node:crypto";
import { db } from "../db/client";
import { type CustomerInfo, sealCustomerInfo } from "../requests/customer-info";

export interface FixtureRequest {
  platformId: string;
  network?: string;
  invoiceCurrency?: string;
  paymentCurrency?: string;
  expectedAmount?: bigint;
  payee?: string;
  reference?: string | null;
  customerInfo?: CustomerInfo;
  status?: "pending" | "paid";
}

export const randomHex = (bytes: number) => randomBytes(bytes).toString("hex");

export async function insertFixtureRequest(
  r: FixtureRequest,
): Promise<{ requestId: string; paymentReference: string }> {
  const requestId = `01${randomHex(32)}`;
  const paymentReference = `0x${randomHex(8)}`;
  await (await db()).paymentRequest.create({
    data: {
      id: requestId,
      platformId: r.platformId,
      network: r.network ?? "base",
      invoiceCurrency: r.invoiceCurrency ?? "USDC-base",
      paymentCurrency: r.paymentCurrency ?? "USDC-base",
      expectedAmount: (r.expectedAmount ?? 10_000_000n).toString(),
      payee: r.payee ?? "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
      salt: randomHex(8),
      paymentReference,
      reference: r.reference ?? null,
      customerInfoEncrypted: r.customerInfo ? sealCustomerInfo(requestId, r.customerInfo) : null,
      status: r.status ?? "pending",
      amountPaid: r.status === "paid" ? (r.expectedAmount ?? 10_000_000n).toString() : "0",
    },
  });
  return { requestId, paymentReference };
}

export interface FixturePayment {
  requestId: string;
  platformId: string;
  network?: string;
  txHash?: string;
  logIndex?: number;
  blockTime: Date;
  type?: "direct" | "conversion" | "batch" | "recurring" | "crosschain";
  currency?: string;
  amount?: bigint;
  feeAmount?: bigint;
  feeAddress?: string | null;
  payerAddress?: string | null;
  payerEoaAddress?: string | null;
  conversionRate?: string | null;
}

export async function insertFixturePayment(p: FixturePayment): Promise<{ id: string; txHash: string }> {
  const txHash = p.txHash ?? `0x${randomHex(32)}`;
  const row = await (await db()).payment.create({
    data: {
      requestId: p.requestId,
      platformId: p.platformId,
      network: p.network ?? "base",
      txHash,
      logIndex: p.logIndex ?? 0,
      blockNumber: 100n,
      blockHash: `0x${randomHex(32)}`,
      blockTime: p.blockTime,
      currency: p.currency ?? "USDC-base",
      amount: (p.amount ?? 10_000_000n).toString(),
      feeAmount: (p.feeAmount ?? 0n).toString(),
      feeAddress: p.feeAddress ?? null,
      payerAddress: p.payerAddress ?? null,
      payerEoaAddress: p.payerEoaAddress ?? null,
      type: p.type ?? "direct",
      conversionRate: p.conversionRate ?? null,
    },
  });
  return { id: row.id, txHash };
}
