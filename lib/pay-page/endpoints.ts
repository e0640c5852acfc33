// The hosted payment page's own calls from the browser. The link's token is the page's only
// credential (a payer has no API key or client ID), as for its payer events: the calls to sign
// for the connected wallet (the same buildSecurePaymentCalls behind the client-ID route
// /v2/secure-payments/{token}/pay, access list included), and the payment's progress while
// the page waits for detection. Public, rate-limited per IP by the wrapper.
import { z } from "zod";
import { defineEndpoint } from "../http/endpoint";
import { buildSecurePaymentCalls } from "../secure-payments/build-secure-payment-calls";
import { loadSecurePayment } from "../secure-payments/load-secure-payment";
import { detectedPayments } from "../secure-payments/detected-payments";
import { intentBody, intentResponse, securePaymentCalldata, tokenParams } from "../secure-payments/schemas";
import { recordIntent } from "../secure-payments/payment-intents";
import { addressText } from "../requests/schemas";

const TAGS = ["Payment page"];

export const pagePaymentCallsEndpoint = defineEndpoint({
  method: "GET",
  path: "/pay/{token}/calls",
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
  })
  .meta({ id: "PaymentPageProgress" });
export type PagePaymentProgress = z.output<typeof pagePaymentProgress>;

export const pagePaymentProgressEndpoint = defineEndpoint({
  method: "GET",
  path: "/pay/{token}/status",
  summary: "Progress of a payment, for the payment page",
  description: "Whether payment detection has confirmed the link's payment: the page polls it after sending. The link's token is the only credential.",
  tags: TAGS,
  auth: [],
  params: tokenParams,
  response: pagePaymentProgress,
  errors: { 404: "Unknown token" },
  // Polled every few seconds while the page waits: the link's status and payments only, not
  // the whole view (branding, fee plan, multicall children) the page rendered once.
  handler: async ({ params }) => {
    const { status, requests } = await loadSecurePayment(params.token);
    return { status, txHash: (await detectedPayments(requests)).at(-1)?.txHash ?? null };
  },
});

export const pagePaymentIntentEndpoint = defineEndpoint({
  method: "POST",
  path: "/pay/{token}/intent",
  summary: "Record the transaction the page's wallet broadcast",
  description: "The same as POST /v2/secure-payments/{token}/intent, with the link's token as the only credential: the page reports the payment transaction it sent.",
  tags: TAGS,
  auth: [],
  params: tokenParams,
  body: intentBody,
  status: 200,
  response: intentResponse,
  errors: { 400: "Validation failed; chain not the payment's network", 403: "Expired or cancelled", 404: "Unknown token", 409: "Already completed" },
  handler: async ({ params, body }) => recordIntent(params.token, body),
});
