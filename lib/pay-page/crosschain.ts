// The payment page's crosschain operations (operations.ts): the link's token is the credential,
// its one request the scope. Routes and the intent come from lib/crosschain and the secure
// payment's own checks (buildSecurePaymentIntent: payable, access list, screening).
import { isAddress } from "viem";
import { z } from "zod";
import type { CrosschainQuote } from "../crosschain";
import {
  crosschainPagePolicy,
  crosschainRoutes,
  type IntentSubmission,
  intentProgress,
  submitIntent,
} from "../crosschain";
import { badRequest, notFound, validationError } from "../http/errors";
import type { RoutesResponse, StoredRequest } from "../requests";
import { CHAIN_NAMES } from "../requests";
import { buildSecurePaymentIntent, loadSecurePayment } from "../secure-payments";

export const pageIntentProgress = z
  .object({
    paymentIntentId: z.string(),
    status: z.enum(["created", "signed", "collected", "paid", "failed", "refunded"]),
    sourceNetwork: z.string(),
    destinationNetwork: z.string(),
    sourceTxHash: z.string().nullable().describe("The source pull (gateway.collect), once confirmed"),
    destinationTxHash: z.string().nullable().describe("The payout to the payee, once confirmed"),
    refundTxHash: z.string().nullable(),
    failureReason: z
      .string()
      .nullable()
      .describe("expired, source_pull_reverted (failed) or treasury_short (refunded)"),
  })
  .meta({ id: "PaymentPageCrosschainProgress" });
export type PageIntentProgress = z.output<typeof pageIntentProgress>;

/** The link's one request, or 404 (a link of several requests has no crosschain intents). */
async function oneRequest(token: string): Promise<{ platformId: string; request: StoredRequest }> {
  const loaded = await loadSecurePayment(token);
  if (loaded.sp.paymentType === "multicall" || loaded.requests.length !== 1)
    throw notFound("payment_intent_not_found", "No crosschain payment intent with this id");
  return { platformId: loaded.sp.platformId, request: loaded.requests[0] };
}

export async function pageCrosschainRoutes(token: string, wallet: string): Promise<RoutesResponse> {
  if (!isAddress(wallet.trim()))
    throw validationError([{ field: "wallet", message: "must be an EVM address (0x…) to pay from another network" }]);
  const loaded = await loadSecurePayment(token);
  const payable = loaded.status === "pending" || loaded.status === "partially_settled";
  const hidden = loaded.sp.hidePayeeAddress || loaded.sp.hideUntilApproved;
  if (!payable || hidden || loaded.sp.paymentType === "multicall" || loaded.requests.length !== 1)
    return { routes: [] };
  const [request] = loaded.requests;
  const policy = crosschainPagePolicy(request);
  if (!policy) return { routes: [] };
  const routes = await crosschainRoutes(request, wallet.trim());
  return { routes: routes.filter((r) => policy.sources.some((s) => s.chain === r.chain)) };
}

export async function pageCrosschainIntent(
  token: string,
  ask: { wallet: string; chain: string; token: string },
): Promise<CrosschainQuote> {
  const loaded = await loadSecurePayment(token);
  const own = loaded.requests[0] ? CHAIN_NAMES[loaded.requests[0].network] : undefined;
  if (ask.chain.toUpperCase() === own)
    throw badRequest("crosschain_unsupported", `${own} is this payment's own chain: pay it with /pay/{token}/calls`);
  const answer = await buildSecurePaymentIntent(token, { wallet: ask.wallet, chain: ask.chain, token: ask.token });
  if (!("paymentIntentId" in answer))
    throw badRequest(
      "crosschain_unsupported",
      `${ask.chain} is this payment's own chain: pay it with /pay/{token}/calls`,
    );
  return answer;
}

export async function pageSubmitIntent(token: string, id: string, body: IntentSubmission) {
  const { platformId, request } = await oneRequest(token);
  return submitIntent(platformId, id, body, new Date(), request.requestId);
}

export async function pageCrosschainProgress(token: string, id: string) {
  const { platformId, request } = await oneRequest(token);
  return intentProgress(platformId, request.requestId, id);
}
