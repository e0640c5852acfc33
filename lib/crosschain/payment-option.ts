// Crosschain as a payment option of requests (lib/requests/payment-options.ts, registered by
// lib/wiring/payment-options.ts): /pay with `chain` + `token` naming another chain answers a
// payment intent (stored now: the signatures posted later name its id), and /routes lists
// one route per other chain and stablecoin the payer's wallet can pay from.
import { badRequest } from "../http/errors";
import type { PaymentOption } from "../requests";
import { crosschainRoutes } from "./crosschain-routes";
import { isCrosschainAsk, quoteIntent } from "./quote-intent";

export const crosschainPaymentOption: PaymentOption = {
  name: "crosschain",
  async answer({ owner, request, query }) {
    if (!isCrosschainAsk(request, query.chain, query.token)) return null;
    if (query.clientUserId !== undefined || query.paymentDetailsId !== undefined) {
      throw badRequest(
        "crosschain_unsupported",
        "An off-ramp payment (clientUserId, paymentDetailsId) is paid on the request's own chain: omit chain and token",
      );
    }
    return quoteIntent(owner.platformId, request, { wallet: query.wallet, chain: query.chain!, token: query.token! });
  },
  routes: async (request, wallet) => (request.network === "tron" ? [] : crosschainRoutes(request, wallet)),
};
