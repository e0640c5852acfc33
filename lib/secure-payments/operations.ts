// /v2/secure-payments: create payment links (API key, client ID + Origin, session, or an
// orchestrator key with the linked platform's client ID), read them and get their calldata.

import { z } from "zod";
import { platformOf } from "../http/caller";
import { notFound } from "../http/errors";
import { EXAMPLE } from "../http/example-values";
import { defineOperation } from "../http/operation";
import { crosschainPayResponse } from "../requests/schemas";
import { pagination } from "../zod/query";
import { enforceAccessList } from "./access-policy";
import { buildSecurePaymentCalls, buildSecurePaymentIntent, checkPayerQuery } from "./build-secure-payment-calls";
import { cancelPaymentLink } from "./cancel-payment-link";
import { createBatchPayoutLink, createMulticallPayout } from "./combine-payout-links";
import { createSecurePayout } from "./create-payout-link";
import { createSecurePayment } from "./create-secure-payment";
import { creatorOf } from "./creator";
import { describeLookup, describeSecurePayment } from "./describe-secure-payment";
import { previewFeePlan } from "./fee-preview";
import { assertNotInProgress } from "./intent-lock";
import { withLinkState } from "./link-state-error";
import { listSecurePayments } from "./list-secure-payments";
import { loadSecurePayment } from "./load-secure-payment";
import { describeMulticall } from "./multicall-state";
import { recordIntent } from "./payment-intents";
import { assertPayable } from "./payment-state";
import { refreshStepBody, refreshStepTransaction } from "./refresh-step";
import {
  batchPayoutLinkBody,
  createMulticallBody,
  createSecurePaymentBody,
  createSecurePaymentResponse,
  createSecurePayoutBody,
  feePreviewBody,
  feePreviewResponse,
  findByRequestQuery,
  intentBody,
  intentResponse,
  linkStateErrorBody,
  multicallCreatedResponse,
  multicallView,
  securePaymentCalldata,
  securePaymentList,
  securePaymentLookup,
  securePaymentQuery,
  securePaymentView,
  tokenParams,
  tronBroadcastBody,
  tronBroadcastResponse,
  userEventBody,
} from "./schemas";
import { enforceScreening, screensWallets } from "./screening";
import { findSecurePaymentByRequest } from "./secure-payment-store";
import { relayTronTransaction } from "./tron-broadcast";
import { reportUserEvent } from "./user-events";

const TAGS = ["Secure Payment"];
const CREATE_AUTH = ["apiKey", "clientId", "orchestratorKey", "session"] as const;
const CREATE_ERRORS = {
  400: "Validation failed; requests on several networks; a Tron batch; x-orchestrator-key without x-client-id; no destinationId and the platform has no active destination (`no_active_destination`) or several (`destination_ambiguous`)",
  403: "The orchestrator has no active link with this client ID; `destinationId` differs from the client ID's bound destination or is not one of the platform's, another platform's included (`destination_mismatch`); a backend client ID is not bound to a payee destination (`client_id_not_bound`)",
  409: "The destination is deactivated",
};
const TOKEN_ERRORS = {
  400: "Validation failed (wallet not of the payment's network, isSafe with eoaWallet, crosschain asked)",
  403: "Expired, cancelled, the wallet is not on the payment's access list, or the wallet (a payout's recipient) failed wallet screening",
  404: "Unknown token (also another platform's)",
  409: "Already completed",
  503: "The payment screens wallets and the screening could not be decided (`wallet_screening_unavailable`)",
  423: "Secure payment is in progress: a transaction reported in the last 10 minutes (POST …/intent) is on chain paying this link, pending or mined, and detection has not settled it yet",
};

export const createSecurePaymentOperation = defineOperation({
  method: "POST",
  path: "/v2/secure-payments",
  example: { body: { requests: [{ destinationId: EXAMPLE.destinationId, amount: "25" }], reference: "invoice-1042" } },
  summary: "Create a secure payment link",
  description:
    "Creates a payment link for one payment (or a legacy batch on one network) to the platform's payee destinations. Each item names a `destinationId` and an `amount` in the destination's token. " +
    "Answers the token and `securePaymentUrl` (`<APP_URL>/pay/<token>`). With a client ID, its fee settings become the fee plan, fixed at creation. " +
    "An orchestrator creates links for a linked platform with `x-orchestrator-key` and that platform's `x-client-id`; the orchestrator is then fixed on the payment and on its events. " +
    "`accessPolicy.allowedPayerAddresses` restricts who may pay. " +
    "`destinationId` may be left out: a client ID bound to a payee destination (`payeeDestinationId` of /v2/client-ids) pays that destination, otherwise the platform's active destination is paid when it has exactly one. A backend client ID (no allowed domains) is sent without `Origin` and must be bound.",
  tags: TAGS,
  auth: [...CREATE_AUTH],
  body: createSecurePaymentBody,
  response: createSecurePaymentResponse,
  errors: CREATE_ERRORS,
  handler: async ({ caller, body }) => createSecurePayment(await creatorOf(caller), body),
});

export const createSecurePayoutOperation = defineOperation({
  method: "POST",
  path: "/v2/secure-payments/payouts",
  example: {
    body: {
      recipient: EXAMPLE.payee,
      creatorWalletAddress: EXAMPLE.payer,
      network: "base",
      currency: EXAMPLE.currency,
      amount: "25",
    },
  },
  summary: "Create a payout link",
  description:
    "A link the platform's own wallet pays a `recipient` from: `amount` of `currency` (a currency id, or a symbol on `network`). Same answer as POST /v2/secure-payments.",
  tags: TAGS,
  auth: [...CREATE_AUTH],
  body: createSecurePayoutBody,
  response: createSecurePaymentResponse,
  errors: { 400: CREATE_ERRORS[400], 403: CREATE_ERRORS[403] },
  handler: async ({ caller, body }) => createSecurePayout(await creatorOf(caller), body),
});

export const createMulticallPayoutOperation = defineOperation({
  method: "POST",
  path: "/v2/secure-payments/multicall-payouts",
  example: { body: { childTokens: [...EXAMPLE.linkTokens] } },
  summary: "Create a multicall payout link",
  description:
    "Groups 2 to 1000 of the platform's payout links (`childTokens`) on one EVM network into one link that pays them all in one batch transaction. " +
    "A payout belongs to at most one multicall. Paid or expired children are listed as `stale`.",
  tags: TAGS,
  auth: [...CREATE_AUTH],
  body: createMulticallBody,
  response: multicallCreatedResponse,
  errors: {
    400: "Validation failed; a child that is not a payout; children on several networks or on Tron",
    404: "Unknown child token (also another platform's)",
    409: "A child already belongs to a multicall",
  },
  handler: async ({ caller, body }) => createMulticallPayout(await creatorOf(caller), body),
});

export const getSecurePaymentOperation = defineOperation({
  method: "GET",
  path: "/v2/secure-payments/{token}",
  example: { query: {} },
  summary: "Get a payable secure payment",
  description:
    "What the payment page shows: payee, amount, network, token, fee plan, expiry, branding. Only a payable link answers 200: completed is 409, expired or cancelled 403. " +
    "With `wallet` (and `eoaWallet`), a wallet outside the access list is refused (403) and the platform receives `secure_payment.access_rejected` (once per wallet per 10 minutes). " +
    "When the payment screens wallets (`accessPolicy.mode` `kyt_all_wallets`), `wallet` is screened: rejected is 403 `wallet_screening_rejected`, undecided 503 `wallet_screening_unavailable`, and the platform receives `kyt.screening.completed`. " +
    "With `hidePayeeAddress` or `hideUntilApproved`, the payee is masked (`isPayeeAddressMasked`, `destination` null; `hideUntilApproved` also hides `reference`) until a `wallet` is approved. " +
    "A multicall token answers its multicall state.",
  tags: TAGS,
  auth: ["clientId", "apiKey"],
  params: tokenParams,
  query: securePaymentQuery,
  response: z.union([securePaymentView, multicallView]),
  errors: TOKEN_ERRORS,
  errorBodies: { 409: linkStateErrorBody, 423: linkStateErrorBody },
  handler: async ({ caller, params, query }) => {
    checkPayerQuery(query);
    const loaded = await loadSecurePayment(params.token, { platformId: platformOf(caller) });
    await withLinkState(loaded, async () => {
      assertPayable(loaded.status);
      await assertNotInProgress(loaded);
    });
    await enforceAccessList(loaded.sp, [query.wallet, query.eoaWallet]);
    const screened = await enforceScreening(loaded, query);
    // A wallet that passed the access list (and the screening, where the payment screens) unmasks hidden fields.
    const approved = query.wallet !== undefined && (screened || !screensWallets(loaded.sp));
    return loaded.sp.paymentType === "multicall"
      ? describeMulticall(loaded)
      : describeSecurePayment(loaded, { approved });
  },
});

export const paySecurePaymentOperation = defineOperation({
  method: "GET",
  path: "/v2/secure-payments/{token}/pay",
  example: { query: { wallet: EXAMPLE.payer } },
  summary: "Get the calldata to pay a secure payment",
  description:
    "The calls the payer's wallet sends, in order: approvals only when the allowance is short (for USDT a reset to 0 first), then the payment (the platform fee travels inside the payment call; `feeBundle` lists it, null without a fee plan). " +
    "Batches and multicalls: one BatchConversionPayments call for every payable request (`wallet` required). `isSafe=true` marks `wallet` as a Safe and excludes `eoaWallet`. " +
    "`chain` + `token` (USDC, USDT) naming another chain than the payment's answer a crosschain payment intent instead (single payments; `wallet` required), " +
    "as GET /v2/request/{id}/pay does: sign it and POST the signatures to /v2/request/payment-intents/{paymentIntentId}.",
  tags: TAGS,
  auth: ["clientId", "apiKey"],
  params: tokenParams,
  query: securePaymentQuery,
  response: z.union([securePaymentCalldata, crosschainPayResponse]),
  errors: {
    ...TOKEN_ERRORS,
    503: "The payment's network could not be read, or the wallet screening could not be decided (`wallet_screening_unavailable`)",
  },
  handler: async ({ caller, params, query }) => {
    const platformId = platformOf(caller);
    const loaded = await loadSecurePayment(params.token, { platformId });
    if (loaded.status === "pending" || loaded.status === "partially_settled") await assertNotInProgress(loaded);
    if (query.chain !== undefined || query.token !== undefined)
      return buildSecurePaymentIntent(params.token, query, { platformId });
    return buildSecurePaymentCalls(params.token, query, { platformId });
  },
});

export const previewFeesOperation = defineOperation({
  method: "POST",
  path: "/v2/secure-payments/fees/preview",
  example: { body: { amount: "100", currency: EXAMPLE.currency, flow: "get_paid" } },
  summary: "Preview the fee plan of a payment",
  description:
    "The fee plan a secure payment of `amount` in `currency` would get, by the same rule as creation (the creating client ID's fee, borne by the payer; without a client ID fee, no fees). Creates and stores nothing.",
  tags: TAGS,
  auth: [...CREATE_AUTH],
  body: feePreviewBody,
  status: 200,
  response: feePreviewResponse,
  errors: { 400: "Validation failed, or not a supported stablecoin", 403: CREATE_ERRORS[403] },
  handler: async ({ caller, body }) => previewFeePlan(await creatorOf(caller), body),
});

export const createBatchPayoutLinkOperation = defineOperation({
  method: "POST",
  path: "/v2/secure-payments/batch-payouts",
  example: { body: { tokens: [...EXAMPLE.linkTokens] } },
  summary: "Combine payout links into one batch link",
  description:
    "One link that pays 2 to 100 pending payout links (POST /v2/secure-payments/payouts) of one EVM network in one BatchConversionPayments transaction. The combined links are invalidated (403 on reads from then on). Same answer as POST /v2/secure-payments.",
  tags: TAGS,
  auth: ["apiKey", "clientId", "session"],
  body: batchPayoutLinkBody,
  response: createSecurePaymentResponse,
  errors: {
    400: "Validation failed; a token that is not a pending single payout link; payouts on several networks or on Tron",
    404: "Unknown token (also another platform's)",
    409: "A link was combined or cancelled meanwhile",
  },
  handler: async ({ caller, body }) => createBatchPayoutLink(await creatorOf(caller), body),
});

export const broadcastTronOperation = defineOperation({
  method: "POST",
  path: "/v2/secure-payments/{token}/tron/broadcast",
  example: {
    body: {
      signedTransaction: {
        raw_data_hex: "0a02b5a52208c5c1b3e6",
        signature: ["1b".repeat(65)],
        txID: "5a".repeat(32),
        raw_data: { contract: [{ type: "TriggerSmartContract" }] },
      },
    },
  },
  summary: "Broadcast a signed Tron transaction of a secure payment",
  description:
    "Relays a TronWeb-signed transaction to the Tron network (`TRONGRID_URL`'s /wallet/broadcasttransaction) only when it is one of the calls GET …/pay answers for its signer: the TRC-20 approval or the ERC20FeeProxy payment of this link, with `raw_data_hex` carrying the same target and calldata (and hashing to `txID`). " +
    "A node's refusal is answered 200 with `result: false` and its code and message; the broadcast is recorded as the payer's intent (the link answers 423 for 10 minutes, or until detection settles it). No energy is rented: the payer's account pays the fees.",
  tags: TAGS,
  auth: ["clientId", "apiKey"],
  params: tokenParams,
  body: tronBroadcastBody,
  status: 200,
  response: tronBroadcastResponse,
  errors: {
    400: "Validation failed; not a Tron payment; the transaction is not one of this link's calls for its signer, or its raw bytes do not match",
    403: "Expired, cancelled, or the signer is not on the access list",
    404: "Unknown token (also another platform's)",
    409: "Already completed",
    502: "The Tron node could not be reached",
  },
  handler: async ({ caller, params, body }) =>
    relayTronTransaction(params.token, body, { platformId: platformOf(caller) }),
});

export const recordIntentOperation = defineOperation({
  method: "POST",
  path: "/v2/secure-payments/{token}/intent",
  example: { body: { chain: "BASE", token: "USDC", txHash: EXAMPLE.txHash, payerAddress: EXAMPLE.payer } },
  summary: "Record the transaction a payer broadcast",
  description:
    "After the payer's wallet broadcast the payment, the page (or the integrator's own page) reports its `txHash` (or a Safe's `safeTxHash`) on `chain`; for a multicall payout, the UserOperation (`userOpHash`, `smartAccountAddress`, `transactionIndices`). " +
    "Recorded once per transaction (the same report answers the same `intentId`). Once the payment's chain shows `txHash` paying this link (pending, or mined and successful, sent to the payment contract with this payment's reference), reads and calldata of the link answer 423 for 10 minutes from the report, or until detection settles the payment; a hash the chain does not show paying the link, and a `safeTxHash` or `userOpHash` alone, hold nothing. Settlement still comes from payment detection only. A crosschain report (`executionKind: evm_cross_chain` or `routeKind: crosschain`) names its source chain: it is recorded and holds nothing.",
  tags: TAGS,
  auth: ["clientId", "apiKey"],
  params: tokenParams,
  body: intentBody,
  status: 200,
  response: intentResponse,
  errors: {
    400: "Validation failed; chain not the payment's network (same-chain reports)",
    403: "Expired or cancelled",
    404: "Unknown token (also another platform's)",
    409: "Already completed",
  },
  handler: async ({ caller, params, body }) => recordIntent(params.token, body, { platformId: platformOf(caller) }),
});

export const refreshStepTransactionOperation = defineOperation({
  method: "POST",
  path: "/v2/secure-payments/{token}/refresh-step-transaction",
  example: {
    body: {
      step: {
        id: "step-1",
        type: "cross",
        tool: "across",
        action: { toChainId: EXAMPLE.baseChainId, toAddress: EXAMPLE.payee },
      },
    },
  },
  summary: "Refresh bridge step transactionRequest",
  description:
    "The published interface re-stamps the deadline of a LI.FI bridge step before a smart account submits its UserOperation. Crosschain payments on this service are a single step (the payer signs one intent from GET …/pay with `chain` and `token`, the service's operator settles it), with no bridge step or deadline to refresh: every step is answered 400 `route_step_unavailable`, the document's \"Route no longer available or invalid step\". The 200 of the published interface is never answered here.",
  tags: TAGS,
  auth: ["clientId", "apiKey"],
  params: tokenParams,
  body: refreshStepBody,
  status: 200,
  errors: {
    400: "Validation failed; route no longer available or invalid step (`route_step_unavailable`: every step, crosschain payments here have a single signed step)",
    404: "Unknown token (also another platform's)",
  },
  handler: async ({ caller, params, body }) =>
    refreshStepTransaction(params.token, body, { platformId: platformOf(caller) }),
});

export const findSecurePaymentOperation = defineOperation({
  method: "GET",
  path: "/v2/secure-payments",
  summary: "Find the secure payment of a request, or list the platform's",
  description:
    "With `requestId`: the link, status and timing of the platform's secure payment that contains that request, whatever its state (404 without one). " +
    "Without: the platform's secure payments matching every given filter (`status`, `paymentType`, `reference`, `fromDate`/`toDate` on the creation time), newest first, " +
    "as `{securePayments, pagination}` paged with `limit` and `offset` like GET /v2/payments.",
  tags: TAGS,
  auth: ["session", "apiKey"],
  query: findByRequestQuery,
  response: z.union([securePaymentLookup, securePaymentList]),
  errors: {
    400: "Validation failed: an unknown parameter, a filter given with requestId, a malformed status, type or date, toDate before fromDate, limit or offset out of bounds",
    404: "No secure payment of the platform contains this request",
  },
  handler: async ({ caller, query }) => {
    const platformId = platformOf(caller);
    if (query.requestId === undefined) {
      const page = { limit: query.limit ?? 20, offset: query.offset ?? 0 };
      const { securePayments, total } = await listSecurePayments(platformId, query, page);
      const described = [];
      for (const sp of securePayments)
        described.push(await describeLookup(sp, await loadSecurePayment(sp.token, { platformId }), sp.requestIds[0]));
      return {
        securePayments: described,
        pagination: pagination(total, page, securePayments.length),
      };
    }
    const sp = await findSecurePaymentByRequest(platformId, query.requestId);
    if (!sp) throw notFound("secure_payment_not_found", "No secure payment found for this request ID");
    return describeLookup(sp, await loadSecurePayment(sp.token, { platformId }), query.requestId);
  },
});

export const getMulticallPayoutOperation = defineOperation({
  method: "GET",
  path: "/v2/secure-payments/multicall-payouts/{token}",
  summary: "Get a multicall payout's state",
  description:
    "The children of the platform's multicall payout with their state and block reason, totals per destination currency and the amount summary of paying the executable ones now. Any state answers 200 (`status` says which).",
  tags: TAGS,
  auth: ["session"],
  params: tokenParams,
  response: multicallView,
  errors: { 404: "Unknown multicall token (also another platform's, and tokens that are not multicalls)" },
  handler: async ({ caller, params }) => {
    const loaded = await loadSecurePayment(params.token, { platformId: platformOf(caller) });
    if (loaded.sp.paymentType !== "multicall") throw notFound("secure_payment_not_found", "Multicall payout not found");
    return describeMulticall(loaded);
  },
});

export const reportUserEventOperation = defineOperation({
  method: "POST",
  path: "/v2/secure-payments/{token}/user-events",
  example: { body: { userEvent: "wallet_connected", properties: { wallet_provider: "MetaMask" } } },
  summary: "Report payer activity on the payment page",
  description:
    "The payment page reports `wallet_connected`, `payment_sent_to_wallet` and `payment_approved_in_wallet`; the platform (and the orchestrator that created the payment) receive `secure_payment.user_event`. " +
    "Best effort: not a settlement signal. The token is the credential; reports are rate-limited per token and per IP. (Path of this service; the published API does not show one.)",
  tags: TAGS,
  auth: [],
  params: tokenParams,
  body: userEventBody,
  status: 202,
  response: z.strictObject({ accepted: z.literal(true) }),
  errors: { 404: "Unknown token", 429: "Too many reports for this payment" },
  handler: async ({ params, body }) => reportUserEvent(params.token, body),
});

export const cancelSecurePaymentOperation = defineOperation({
  method: "POST",
  path: "/v2/secure-payments/{token}/cancel",
  status: 200,
  summary: "Cancel an open secure payment link",
  description:
    "Withdraws a link nobody has paid yet: its page then says it can no longer be paid, and asking for its calldata is a 403 `secure_payment_cancelled`. " +
    "A link paid in part, completed, expired or already cancelled cannot be cancelled. A payer's reported transaction does not hold the cancel: if it pays after all, detection records it against the cancelled link and the platform receives `payment.confirmed`. Not in the hosted service's API.",
  tags: TAGS,
  auth: ["session", "apiKey"],
  params: tokenParams,
  response: z.object({ token: z.string().describe("The link's token"), status: z.literal("cancelled") }),
  errors: {
    403: "Expired or already cancelled",
    404: "Unknown token (also another platform's)",
    409: "Completed or paid in part (`secure_payment_partially_settled`)",
  },
  handler: async ({ caller, params }) => cancelPaymentLink(platformOf(caller), params.token),
});
