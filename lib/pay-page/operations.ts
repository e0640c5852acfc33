// The hosted payment page's own calls from the browser. The link's token is the page's only
// credential (a payer has no API key or client ID), as for its payer events: the calls to sign
// for the connected wallet (the same buildSecurePaymentCalls behind the client-ID route
// /v2/secure-payments/{token}/pay, access list included), and the payment's progress while
// the page waits for detection. Public, rate-limited per IP by the wrapper.
import { z } from "zod";
import { submitIntentBody, submitIntentResponse } from "../crosschain/schemas";
import { EXAMPLE } from "../http/example-values";
import { defineOperation } from "../http/operation";
import { routesResponse } from "../requests";
import { addressText, crosschainPayResponse } from "../requests/schemas";
import { buildSecurePaymentCalls, detectedPayments, loadSecurePayment, recordIntent } from "../secure-payments";
import { intentBody, intentResponse, securePaymentCalldata, tokenParams } from "../secure-payments/schemas";
import {
  pageCrosschainIntent,
  pageCrosschainProgress,
  pageCrosschainRoutes,
  pageIntentProgress,
  pageSubmitIntent,
} from "./crosschain";
import { depositProgress } from "./deposit";

const TAGS = ["Payment page"];

export const pagePaymentCallsOperation = defineOperation({
  method: "GET",
  path: "/pay/{token}/calls",
  example: { query: { wallet: EXAMPLE.payer } },
  summary: "Calls to sign on the payment page",
  description:
    "What the hosted page asks before the wallet signs: the same answer as GET /v2/secure-payments/{token}/pay for `wallet`, with the link's token as the only credential. " +
    "A wallet outside the payment's access list is refused (403) and reported by `secure_payment.access_rejected` (once per wallet per 10 minutes).",
  tags: TAGS,
  auth: [],
  params: tokenParams,
  query: z.object({ wallet: addressText("The connected wallet") }),
  response: securePaymentCalldata,
  errors: {
    400: "Validation failed (a wallet of another network)",
    403: "Expired, cancelled, or the wallet is not on the payment's access list",
    404: "Unknown token",
    409: "Already completed",
    503: "The payment's network could not be read",
  },
  handler: async ({ params, query }) => buildSecurePaymentCalls(params.token, { wallet: query.wallet }),
});

export const pagePaymentProgress = z
  .object({
    status: z.enum(["pending", "partially_settled", "completed", "expired", "invalidated"]),
    txHash: z.string().nullable().describe("The latest payment detected for the link, once there is one"),
    deposit: z
      .enum(["waiting", "arrived"])
      .nullable()
      .optional()
      .describe("The link's deposit address: `arrived` while funds wait there to be forwarded; null when it has none"),
  })
  .meta({ id: "PaymentPageProgress" });
export type PagePaymentProgress = z.output<typeof pagePaymentProgress>;

export const pagePaymentProgressOperation = defineOperation({
  method: "GET",
  path: "/pay/{token}/status",
  summary: "Progress of a payment, for the payment page",
  description:
    "Whether payment detection has confirmed the link's payment: the page polls it after sending. The link's token is the only credential.",
  tags: TAGS,
  auth: [],
  params: tokenParams,
  response: pagePaymentProgress,
  errors: { 404: "Unknown token" },
  // Polled every few seconds while the page waits: the link's status and payments only, not
  // the whole view (branding, fee plan, multicall children) the page rendered once.
  handler: async ({ params }) => {
    const { status, requests } = await loadSecurePayment(params.token);
    const txHash = (await detectedPayments(requests)).at(-1)?.txHash ?? null;
    return { status, txHash, deposit: status === "pending" ? await depositProgress(requests) : null };
  },
});

export const pagePaymentIntentOperation = defineOperation({
  method: "POST",
  path: "/pay/{token}/intent",
  example: { body: { chain: "BASE", token: "USDC", txHash: EXAMPLE.txHash, payerAddress: EXAMPLE.payer } },
  summary: "Record the transaction the page's wallet broadcast",
  description:
    "The same as POST /v2/secure-payments/{token}/intent, with the link's token as the only credential: the page reports the payment transaction it sent.",
  tags: TAGS,
  auth: [],
  params: tokenParams,
  body: intentBody,
  status: 200,
  response: intentResponse,
  errors: {
    400: "Validation failed; chain not the payment's network",
    403: "Expired or cancelled",
    404: "Unknown token",
    409: "Already completed",
  },
  handler: async ({ params, body }) => recordIntent(params.token, body),
});

// "Pay from another network" on the page (docs/interface.md "Crosschain payments"): the routes
// the connected wallet can pay from, the intent to sign (checked again in the browser against
// the page's own policy before the wallet signs), its submission and its progress. The link's
// token is the only credential, as for the calls above; intents are scoped to the link's request.
const crosschainAsk = z.object({
  wallet: addressText("The connected wallet (EVM)"),
  chain: z
    .string()
    .min(1)
    .max(20)
    .describe("Source chain: BASE, OPTIMISM, ARBITRUM or ETHEREUM (not the payment's own)"),
  token: z.string().min(1).max(10).describe("Source token: USDC or USDT"),
});
const intentParams = tokenParams.extend({ paymentIntentId: z.string().min(1).max(40) });

export const pageCrosschainRoutesOperation = defineOperation({
  method: "GET",
  path: "/pay/{token}/crosschain-routes",
  example: { query: { wallet: EXAMPLE.payer } },
  summary: "Networks the page's wallet can pay from",
  description:
    "The crosschain routes of GET /v2/request/{requestId}/routes for the link's one request and `wallet`: one per other chain and stablecoin where the wallet holds the amount and the operator's fee, " +
    "with that fee. Empty when the link cannot be paid crosschain (several requests, hidden payee, not a stablecoin request, no operator) or is no longer payable.",
  tags: TAGS,
  auth: [],
  params: tokenParams,
  query: z.object({ wallet: addressText("The connected wallet (EVM)") }),
  response: routesResponse,
  errors: { 400: "Validation failed", 404: "Unknown token" },
  handler: async ({ params, query }) => pageCrosschainRoutes(params.token, query.wallet),
});

export const pageCrosschainIntentOperation = defineOperation({
  method: "GET",
  path: "/pay/{token}/crosschain",
  example: { query: { wallet: EXAMPLE.payer, chain: "ARBITRUM", token: "USDC" } },
  summary: "The crosschain intent to sign on the payment page",
  description:
    "The same answer as GET /v2/secure-payments/{token}/pay with `chain` + `token` naming another chain, with the link's token as the only credential (access list and screening included).",
  tags: TAGS,
  auth: [],
  params: tokenParams,
  query: crosschainAsk,
  response: crosschainPayResponse,
  errors: {
    400: "Validation failed; the payment's own chain, or not payable from this chain and token",
    403: "Expired, cancelled, or the wallet is not on the payment's access list",
    404: "Unknown token",
    409: "Already completed",
  },
  handler: async ({ params, query }) => pageCrosschainIntent(params.token, query),
});

export const pageCrosschainSubmitOperation = defineOperation({
  method: "POST",
  path: "/pay/{token}/crosschain/{paymentIntentId}",
  example: { body: { signedPaymentIntent: { signature: EXAMPLE.signature, nonce: "1", deadline: "1798761600" } } },
  summary: "Submit the signed crosschain intent from the payment page",
  description:
    "The same as POST /v2/request/payment-intents/{paymentIntentId}, for an intent of the link's request, with the link's token as the only credential.",
  tags: TAGS,
  auth: [],
  params: intentParams,
  body: submitIntentBody,
  status: 200,
  response: submitIntentResponse,
  errors: {
    400: "Validation failed; signature not the payer's; intent expired",
    404: "Unknown token, or no such intent for this link",
    409: "The intent was already submitted",
  },
  handler: async ({ params, body }) => pageSubmitIntent(params.token, params.paymentIntentId, body),
});

export const pageCrosschainProgressOperation = defineOperation({
  method: "GET",
  path: "/pay/{token}/crosschain/{paymentIntentId}",
  summary: "Progress of a crosschain payment, for the payment page",
  description:
    "Where the settlement stands: `signed` (collecting on the source chain), `collected` (paying on the destination; `sourceTxHash`), `paid` (`destinationTxHash`), " +
    "`failed` (nothing moved; `failureReason`) or `refunded` (pulled but paid back on the source chain; `refundTxHash`).",
  tags: TAGS,
  auth: [],
  params: intentParams,
  response: pageIntentProgress,
  errors: { 404: "Unknown token, or no such intent for this link" },
  handler: async ({ params }) => pageCrosschainProgress(params.token, params.paymentIntentId),
});
