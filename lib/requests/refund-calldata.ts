// The calldata of a refund (POST /v2/request/{requestId}/refunds): the merchant's wallet pays the
// refund address through the fee proxy with the request's refund reference, the protocol's
// payment reference computed with the refund address in place of the payee (docs/protocol.md
// "Payment reference"). The reference is stored (refund_references) before the calldata is
// answered, so detection knows the refund when it lands. The transactions are those of a payment
// of `amount` in the request's payment currency to the refund address (quotePayment), without a
// fee: the same shape, approvals and checks as GET /pay, on EVM and Tron alike.

import type { Hex } from "viem";
import { parseNetworkAddress, sameAddress } from "../addresses/wallet-address";
import { type AuditContext, changesBetween, recordAudit } from "../audit";
import { db } from "../db/client";
import { badRequest, validationError } from "../http/errors";
import { quotePayment, toPayCalldata } from "./build-pay-calldata";
import { paymentReference } from "./payment-reference";
import { paymentReferenceHash, type StoredRequest } from "./request-store";
import type { PayCalldata } from "./schemas";

export interface RefundOrder {
  /** Where the refund goes: the payer's address unless the merchant names another. */
  refundAddress: string;
  /** Token units of the request's payment currency. */
  amount: bigint;
  /** The merchant's wallet, when known: allowance, balance and gas are checked for it. */
  wallet?: string;
}

/** The protocol's refund reference of a request for a refund address. */
export function refundReference(request: Pick<StoredRequest, "requestId" | "salt">, refundAddress: string): Hex {
  return paymentReference(request.requestId, request.salt, refundAddress);
}

/** The refund address as stored and hashed (checksummed EVM, base58 Tron); a 400 naming `field` when it is not one of the network's. */
export function refundAddressOf(request: StoredRequest, address: string, field = "refundAddress"): string {
  const parsed = parseNetworkAddress(address, request.network, field);
  if (!parsed.ok) throw validationError([{ field, message: parsed.message }]);
  // The payee's own address would give the payment reference itself: a refund would read as a payment.
  if (sameAddress(parsed.address, request.payee))
    throw badRequest("refund_to_payee", "A refund cannot be sent to the request's payee");
  return parsed.address;
}

/** `audit`: who asks for the refund; its audit log entry is written with the refund reference. */
export async function buildRefundCalldata(
  request: StoredRequest,
  order: RefundOrder,
  audit?: { context: AuditContext; amount: string; currency: string },
): Promise<PayCalldata & { paymentReference: Hex }> {
  const reference = refundReference(request, order.refundAddress);
  // The refund as a payment of `amount` to the refund address with the refund reference, no fee.
  const refund: StoredRequest = {
    ...request,
    invoiceCurrency: request.paymentCurrency,
    expectedAmount: order.amount,
    amountPaid: 0n,
    status: "pending",
    payee: order.refundAddress,
    paymentReference: reference,
    feePercentage: null,
    feeAddress: null,
  };
  const quote = await quotePayment(refund, { wallet: order.wallet, fee: null });
  await (await db()).$transaction(async (tx) => {
    await tx.refundReference.upsert({
      where: { requestId_refundAddress: { requestId: request.requestId, refundAddress: order.refundAddress } },
      create: {
        requestId: request.requestId,
        network: request.network,
        refundAddress: order.refundAddress,
        paymentReference: reference,
        paymentReferenceHash: paymentReferenceHash(reference),
      },
      update: {},
    });
    // The refund as ordered: nothing moves until the merchant's wallet sends it (detection
    // records it then), but who asked for money to go where is what the log is for.
    if (audit)
      await recordAudit(tx, audit.context, {
        action: "refund.created",
        target: { type: "request", id: request.requestId },
        changes: changesBetween(
          null,
          { amount: audit.amount, currency: audit.currency, refundAddress: order.refundAddress },
          ["amount", "currency", "refundAddress"],
        ),
      });
  });
  return { ...toPayCalldata(quote), paymentReference: reference };
}
