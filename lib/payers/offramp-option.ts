// Off-ramp as a payment option of requests (lib/requests/payment-options.ts, registered by
// lib/wiring/payment-options.ts): /pay of a crypto-to-fiat request names the payer and bank
// account, checked and bound here (an offramp_payments row, replaced by a later /pay until the
// request is paid); the request's status shows the fiat leg (`offRamp`).
import { badRequest, notFound, validationError } from "../http/errors";
import { isUuid } from "../ids/ids";
import { isOfframpRequest, type PaymentOption, type PayQuery, type StoredRequest } from "../requests";
import { bindOfframpPayer, fiatProgress } from "./offramp";

export const offrampPaymentOption: PaymentOption = {
  name: "off-ramp",
  beforeCalldata: ({ owner, request, query }) => resolveOfframp(owner.platformId, request, query),
  async status(requestId) {
    const progress = await fiatProgress(requestId);
    return { offRamp: progress };
  },
};

/**
 * Off-ramp: a crypto-to-fiat request paid to the deposit address needs the payer and bank
 * account (both checked and bound here); any other request refuses them.
 */
async function resolveOfframp(
  platformId: string,
  request: StoredRequest,
  query: Pick<PayQuery, "clientUserId" | "paymentDetailsId">,
): Promise<void> {
  const asked = query.clientUserId !== undefined || query.paymentDetailsId !== undefined;
  const offramp = isOfframpRequest(request);
  if (!asked) {
    if (offramp)
      throw badRequest(
        "offramp_payer_required",
        "This crypto-to-fiat request is paid with clientUserId and paymentDetailsId: the payer (compliant) and the bank account the fiat is sent to",
      );
    return;
  }
  if (!offramp) {
    throw badRequest(
      "off_ramp_unavailable",
      "This request is not an off-ramp request (created with isCryptoToFiatAvailable: true and no payee); omit clientUserId and paymentDetailsId to get the on-chain payment calldata",
    );
  }
  if (query.clientUserId === undefined || query.paymentDetailsId === undefined) {
    throw validationError([
      {
        field: query.clientUserId === undefined ? "clientUserId" : "paymentDetailsId",
        message: "clientUserId and paymentDetailsId are given together",
      },
    ]);
  }
  if (!isUuid(query.paymentDetailsId))
    throw notFound("payment_details_not_found", `Payment details ${query.paymentDetailsId} not found for this payer`);
  await bindOfframpPayer(platformId, request.requestId, query.clientUserId, query.paymentDetailsId);
}
