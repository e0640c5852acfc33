// Refunds of a request's recorded payments: POST /v2/request/{requestId}/refunds answers the
// calldata the merchant's wallet sends (requests' buildRefundCalldata: the fee proxy, the
// request's refund reference); GET lists the refunds detection recorded (record-refunds.ts).
// A refund may not exceed what the payments paid minus what was refunded, in the request's
// payment currency. Every lookup is scoped to the caller's platform.
import { formatUnits } from "viem";
import { auditContextOf } from "../audit";
import { platformOf } from "../http/caller";
import { badRequest, notFound, validationError } from "../http/errors";
import { defineOperation } from "../http/operation";
import { buildRefundCalldata, findRequest, parseAmount, refundAddressOf, type StoredRequest } from "../requests";
import { requestIdParams } from "../requests/schemas";
import { describeRefunds, refundLedger } from "./refund-ledger";
import { createRefundBody, refundCalldataResponse, refundListResponse } from "./schemas";

const TAGS = ["Request"];
const NOT_FOUND = "Request not found (also for another platform's request)";

async function requestOrThrow(platformId: string, requestId: string): Promise<StoredRequest> {
  const request = await findRequest(platformId, requestId);
  if (!request) throw notFound("request_not_found", "Request not found");
  return request;
}

export const createRefundOperation = defineOperation({
  method: "POST",
  path: "/v2/request/{requestId}/refunds",
  example: { body: { amount: "5" } },
  summary: "Get the calldata to refund a request's payments",
  description:
    "The transactions the merchant's wallet sends, in order, on the request's network, to refund `amount` (default: everything paid and not yet refunded) of the request's payment currency to `refundAddress` " +
    "(default: the address the payments came from). They are those of GET /pay: an exact approval of the fee proxy when needed, then the fee proxy's payment, here carrying the request's refund reference " +
    "(the protocol's payment reference computed with the refund address in place of the payee), so any Request Network client sees it as a refund of the request. " +
    "Detection records the refund once it is mined: the request's `refundedAmount` and status (`partially_refunded`, `refunded`) follow and `payment.refunded` is sent. " +
    "Nothing moves until the wallet sends the transactions; the answer records the refund address's reference (a POST that records).",
  tags: TAGS,
  auth: ["apiKey", "session"],
  params: requestIdParams,
  body: createRefundBody,
  response: refundCalldataResponse,
  errors: {
    400: "Validation failed (amount, refundAddress, wallet), an amount over what can still be refunded (`refund_exceeds_refundable`), nothing paid yet (`refund_nothing_paid`), payments from several addresses without refundAddress (`refund_address_required`), the payee as refund address (`refund_to_payee`)",
    404: NOT_FOUND,
  },
  handler: async ({ caller, params, body, req }) => {
    const request = await requestOrThrow(platformOf(caller), params.requestId);
    const ledger = await refundLedger(request);
    if (ledger.paid === 0n) throw badRequest("refund_nothing_paid", "No payment of this request has been recorded");
    let amount = ledger.refundable;
    if (body.amount !== undefined) {
      const parsed = parseAmount(body.amount, ledger.currency.decimals, ledger.currency.id);
      if (!parsed.ok) throw validationError([{ field: "amount", message: parsed.message }]);
      amount = parsed.value;
    }
    if (ledger.refundable === 0n || amount > ledger.refundable)
      throw badRequest(
        "refund_exceeds_refundable",
        `The refund exceeds what can still be refunded: ${formatUnits(ledger.refundable, ledger.currency.decimals)} ${ledger.currency.id} ` +
          `(paid ${formatUnits(ledger.paid, ledger.currency.decimals)}, refunded ${formatUnits(ledger.refunded, ledger.currency.decimals)})`,
      );
    let target = body.refundAddress;
    if (target === undefined) {
      if (ledger.payers.length !== 1)
        throw badRequest(
          "refund_address_required",
          "The payments came from several addresses (or from none known): give refundAddress",
        );
      target = ledger.payers[0];
    }
    const refundAddress = refundAddressOf(request, target);
    const shownAmount = formatUnits(amount, ledger.currency.decimals);
    const calldata = await buildRefundCalldata(
      request,
      { refundAddress, amount, wallet: body.wallet },
      { context: auditContextOf(caller, req), amount: shownAmount, currency: ledger.currency.id },
    );
    const { paymentReference, ...transactions } = calldata;
    return {
      ...transactions,
      refund: {
        amount: shownAmount,
        currency: ledger.currency.id,
        refundAddress,
        paymentReference,
      },
    };
  },
});

export const listRefundsOperation = defineOperation({
  method: "GET",
  path: "/v2/request/{requestId}/refunds",
  summary: "List a request's refunds",
  description:
    "The refunds detection recorded for the request (oldest first), with what its payments paid, what was refunded and what can still be refunded, in its payment currency.",
  tags: TAGS,
  auth: ["apiKey", "clientId", "session"],
  params: requestIdParams,
  response: refundListResponse,
  errors: { 404: NOT_FOUND },
  handler: async ({ caller, params }) => {
    return describeRefunds(await requestOrThrow(platformOf(caller), params.requestId));
  },
});
