// /v2/payer: payers of the API key's platform, their compliance status and bank accounts
// (docs/interface.md "Payers"). A payer of another platform does not exist here (404). Bank
// details are answered whole only by GET …/payment-details, and every such read is recorded.
import type { Caller } from "../http/caller";
import { notFound, unauthorized } from "../http/errors";
import { defineOperation } from "../http/operation";
import { addBankAccount, applyProviderWebhook, registerPayer, setAgreement } from "./compliance";
import { providerWebhookBody } from "./http-compliance-provider";
import { isCompliant, payerOrThrow, readPaymentDetails } from "./payer-store";
import {
  clientUserIdParams,
  createdPaymentDetailResponse,
  createPayerBody,
  createPayerResponse,
  payerStatusResponse,
  paymentDetailsBody,
  paymentDetailsQuery,
  paymentDetailsResponse,
  successResponse,
  updatePayerBody,
} from "./schemas";

const TAGS = ["Payer"];
const NOT_FOUND = "No payer with this clientUserId on your platform (also for another platform's payer)";

function apiKeyCaller(caller: Caller) {
  if (caller.kind !== "apiKey") throw unauthorized();
  return { platformId: caller.platformId, actor: `api_key:${caller.apiKeyId}` };
}

export const createPayerOperation = defineOperation({
  method: "POST",
  path: "/v2/payer",
  example: {
    body: {
      clientUserId: "customer-42",
      email: "jane.doe@example.com",
      firstName: "Jane",
      lastName: "Doe",
      beneficiaryType: "individual",
      dateOfBirth: "1990-04-12",
      addressLine1: "1 Market St",
      city: "San Francisco",
      state: "CA",
      postcode: "94105",
      country: "US",
      nationality: "US",
      phone: "+14155550123",
      ssn: "123-45-6789",
    },
  },
  summary: "Create or update a payer's compliance data",
  description:
    "Stores the payer's identity data for `clientUserId` (encrypted at rest, never logged) and answers where the payer completes compliance: `kycUrl` (identity verification: our hosted page where the payer reviews and submits the data, " +
    "then your operator approves it in the dashboard's review queue; or the configured provider's page) and `agreementUrl` (our hosted agreement page). " +
    "Calling again with the same `clientUserId` replaces the data and issues fresh links (earlier links stop working). Status changes send `compliance.updated`.",
  tags: TAGS,
  auth: ["apiKey"],
  body: createPayerBody,
  response: createPayerResponse,
  status: 200,
  errors: { 502: "The external compliance provider failed to open verification" },
  idempotency: false,
  handler: async ({ caller, body }) => {
    const { platformId } = apiKeyCaller(caller);
    const { clientUserId, ...identity } = body;
    const { payer, kycUrl, agreementUrl } = await registerPayer(platformId, clientUserId, identity);
    return {
      agreementUrl,
      kycUrl,
      status: {
        agreementStatus: payer.agreementStatus as "not_started" | "completed",
        kycStatus: payer.kycStatus as "not_started",
      },
      userId: payer.id,
    };
  },
});

export const getPayerOperation = defineOperation({
  method: "GET",
  path: "/v2/payer/{clientUserId}",
  summary: "Get a payer's compliance status",
  description:
    "`kycStatus` (not_started, pending: waiting for review, completed, rejected) and `agreementStatus` (not_started, completed); `isCompliant` when both are completed.",
  tags: TAGS,
  auth: ["apiKey"],
  params: clientUserIdParams,
  response: payerStatusResponse,
  errors: { 404: NOT_FOUND },
  handler: async ({ caller, params }) => {
    const payer = await payerOrThrow(apiKeyCaller(caller).platformId, params.clientUserId);
    return {
      kycStatus: payer.kycStatus as "not_started",
      agreementStatus: payer.agreementStatus as "not_started",
      isCompliant: isCompliant(payer),
      userId: payer.id,
    };
  },
});

export const updatePayerOperation = defineOperation({
  method: "PATCH",
  path: "/v2/payer/{clientUserId}",
  example: { body: { agreementCompleted: true } },
  summary: "Update a payer's agreement status",
  description:
    "Records that the payer accepted (`agreementCompleted: true`) or withdrew from (`false`) the agreement. A change sends `compliance.updated`.",
  tags: TAGS,
  auth: ["apiKey"],
  params: clientUserIdParams,
  body: updatePayerBody,
  response: successResponse,
  status: 200,
  errors: { 404: NOT_FOUND },
  handler: async ({ caller, params, body }) => {
    await setAgreement(apiKeyCaller(caller).platformId, params.clientUserId, body.agreementCompleted);
    return { success: true };
  },
});

export const createPaymentDetailsOperation = defineOperation({
  method: "POST",
  path: "/v2/payer/{clientUserId}/payment-details",
  example: {
    body: {
      bankName: "Chase",
      accountName: "Jane Doe",
      accountNumber: "000123456789",
      routingNumber: "021000021",
      beneficiaryType: "individual",
      currency: "USD",
      addressLine1: "1 Market St",
      city: "San Francisco",
      state: "CA",
      country: "US",
      dateOfBirth: "1990-04-12",
      postalCode: "94105",
    },
  },
  summary: "Add a payer's bank account",
  description:
    "Registers a bank account for off-ramp payments (an account number or an IBAN is required). Stored encrypted; the answer repeats only the bank and account names. Sends `payment_detail.updated` (status `approved`).",
  tags: TAGS,
  auth: ["apiKey"],
  params: clientUserIdParams,
  body: paymentDetailsBody,
  response: createdPaymentDetailResponse,
  errors: { 404: NOT_FOUND },
  idempotency: false,
  handler: async ({ caller, params, body }) => {
    const { detail } = await addBankAccount(apiKeyCaller(caller).platformId, params.clientUserId, body);
    const d = detail.details;
    return {
      payment_detail: {
        id: detail.id,
        clientUserId: params.clientUserId,
        bankName: d.bankName,
        accountName: d.accountName,
        currency: d.currency,
        beneficiaryType: d.beneficiaryType,
      },
    };
  },
});

export const getPaymentDetailsOperation = defineOperation({
  method: "GET",
  path: "/v2/payer/{clientUserId}/payment-details",
  summary: "Get a payer's bank accounts",
  description:
    "The payer's bank accounts, whole (this read is recorded: who, when). `paymentDetailsId` answers one; an unknown one is a 404.",
  tags: TAGS,
  auth: ["apiKey"],
  params: clientUserIdParams,
  query: paymentDetailsQuery,
  response: paymentDetailsResponse,
  errors: { 404: `${NOT_FOUND}; or no payment details with this paymentDetailsId for the payer` },
  handler: async ({ caller, params, query }) => {
    const { platformId, actor } = apiKeyCaller(caller);
    const payer = await payerOrThrow(platformId, params.clientUserId);
    const details = await readPaymentDetails(
      payer,
      { actor, purpose: "GET /v2/payer/{clientUserId}/payment-details" },
      query.paymentDetailsId,
    );
    if (query.paymentDetailsId && details.length === 0)
      throw notFound("payment_details_not_found", `Payment details ${query.paymentDetailsId} not found for this payer`);
    return {
      paymentDetails: details.map(({ id, status, details: d }) => ({
        id,
        userId: payer.id,
        bankName: d.bankName,
        accountName: d.accountName,
        beneficiaryType: d.beneficiaryType,
        accountNumber: d.accountNumber ?? d.iban ?? "",
        routingNumber: d.routingNumber ?? "",
        currency: d.currency,
        status,
        rails: d.rails,
      })),
    };
  },
});

export const complianceWebhookOperation = defineOperation({
  method: "POST",
  path: "/v2/compliance/webhook",
  example: { body: { applicantId: "applicant-1", reviewStatus: "completed", reviewAnswer: "GREEN" } },
  summary: "Compliance provider status webhook",
  description:
    "Where the external compliance provider (COMPLIANCE_PROVIDER=http) reports a review: `{applicantId, reviewStatus, reviewAnswer, rejectReason}`, signed with `x-payload-digest` = hex HMAC-SHA256 of the raw body with COMPLIANCE_PROVIDER_WEBHOOK_SECRET. " +
    "Moves the payer's `kycStatus` (GREEN: completed, RED: rejected) and sends `compliance.updated`.",
  tags: ["Compliance"],
  auth: [],
  body: providerWebhookBody,
  response: successResponse,
  status: 200,
  idempotency: false,
  errors: {
    401: "Missing or wrong signature, or no external provider configured",
    404: "No payer with this applicant id",
  },
  handler: async ({ req, rawBody, body }) => {
    await applyProviderWebhook(rawBody, req.headers.get("x-payload-digest"), body);
    return { success: true };
  },
});
