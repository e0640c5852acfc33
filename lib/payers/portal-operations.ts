// The hosted pages' operations (app/payer/[token]): the payer, holding the link the platform
// gave them, submits their data for review and accepts the agreement. Public: the token in the
// path is the credential (stored hashed; a new POST /v2/payer replaces it).
import { z } from "zod";
import { defineOperation } from "../http/operation";
import { text } from "../zod/text";
import { acceptAgreement, submitKyc } from "./compliance";
import { identityShape, successResponse } from "./schemas";

const TAGS = ["Payer pages"];
const tokenParams = z.strictObject({ token: text(1, 100) });
const NOT_FOUND = "The link is unknown or was replaced by a newer one";

export const submitKycOperation = defineOperation({
  method: "POST",
  path: "/v2/payer-pages/{token}/kyc",
  example: { body: { corrections: { city: "Oakland" } } },
  summary: "Submit the payer's data for review (hosted KYC page)",
  description:
    "The payer confirms their data, with any corrections; KYC becomes `pending` until the platform's operator reviews it. Sends `compliance.updated`.",
  tags: TAGS,
  auth: [],
  params: tokenParams,
  body: z.strictObject({ corrections: z.strictObject(identityShape).partial().default({}) }),
  response: successResponse,
  status: 200,
  idempotency: false,
  errors: { 404: NOT_FOUND, 409: "Already submitted or approved, or verified by an external provider" },
  handler: async ({ params, body }) => {
    await submitKyc(params.token, body.corrections);
    return { success: true };
  },
});

export const acceptAgreementOperation = defineOperation({
  method: "POST",
  path: "/v2/payer-pages/{token}/agreement",
  example: { body: { accepted: true } },
  summary: "Accept the agreement (hosted agreement page)",
  description:
    "The payer accepts the service agreement: `agreementStatus` becomes `completed` and `compliance.updated` is sent.",
  tags: TAGS,
  auth: [],
  params: tokenParams,
  body: z.strictObject({ accepted: z.literal(true) }),
  response: successResponse,
  status: 200,
  idempotency: false,
  errors: { 404: NOT_FOUND },
  handler: async ({ params }) => {
    await acceptAgreement(params.token);
    return { success: true };
  },
});
