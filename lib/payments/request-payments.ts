// The payments recorded for one request, oldest first: what a request's status lists (handed to
// requests at wiring, lib/requests/payment-ledger.ts) and what recurring schedules and secure
// payments read.
import { toBigInt } from "../db/amounts";
import { db } from "../db/client";
import type { StoredPayment } from "../requests";

export async function paymentsOfRequest(requestId: string): Promise<StoredPayment[]> {
  const rows = await (await db()).payment.findMany({
    where: { requestId },
    orderBy: [{ blockNumber: "asc" }, { logIndex: "asc" }],
  });
  return rows.map((p) => ({
    txHash: p.txHash,
    network: p.network,
    amount: toBigInt(p.amount),
    feeAmount: toBigInt(p.feeAmount),
    feeAddress: p.feeAddress,
    payerAddress: p.payerAddress,
    currency: p.currency,
    blockNumber: p.blockNumber,
    blockTime: p.blockTime,
    type: p.type,
    invoiceAmount: toBigInt(p.invoiceAmount),
    conversionRate: p.conversionRate,
  }));
}
