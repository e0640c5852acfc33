// The dashboard's payer operations (signed-in session, scoped to its platform): the KYC review
// queue (a decision, revealing the masked tax number), erasing a payer, and marking an off-ramp payment's fiat progress (the built-in fiat
// provider is the operator).
import { z } from "zod";
import { auditContextOf } from "../audit";
import { platformOf } from "../http/caller";
import { unauthorized } from "../http/errors";
import { defineOperation } from "../http/operation";
import { erase, reviewKyc } from "./compliance";
import { revealTaxNumber } from "./dashboard-view";
import { FIAT_SUB_STATUSES } from "./fiat-steps";
import { advanceFiatLeg } from "./offramp";
import { successResponse, taxNumberResponse } from "./schemas";

const TAGS = ["Payers (dashboard)"];

const payerParams = z.strictObject({ userId: z.uuid("must be a payer's userId (UUID)") });

export const reviewPayerOperation = defineOperation({
  method: "POST",
  path: "/v1/payers/{userId}/review",
  example: { body: { decision: "approve" } },
  summary: "Approve or reject a payer's KYC",
  description:
    "The review queue: a payer whose KYC is `pending` (built-in provider) is approved (`completed`) or rejected with a reason (`rejected`). Sends `compliance.updated`.",
  tags: TAGS,
  auth: ["session"],
  params: payerParams,
  body: z.strictObject({ decision: z.enum(["approve", "reject"]), reason: z.string().max(500).optional() }),
  response: successResponse,
  status: 200,
  errors: {
    404: "No payer with this id on your platform, or the payer gave no tax number",
    409: "The payer is not waiting for review",
  },
  handler: async ({ caller, params, body, req }) => {
    await reviewKyc(platformOf(caller), params.userId, body.decision, body.reason, auditContextOf(caller, req));
    return { success: true };
  },
});

export const revealPayerTaxNumberOperation = defineOperation({
  method: "POST",
  path: "/v1/payers/{userId}/tax-number",
  summary: "Reveal a payer's tax number for review",
  description:
    "The review queue shows a payer's tax / social security number masked (its last 4 characters); this answers it whole, for a payer whose KYC is `pending` (built-in provider), and records the read (who, which payer, when) in the payer data reads. A POST because it records.",
  tags: TAGS,
  auth: ["session"],
  params: payerParams,
  response: taxNumberResponse,
  status: 200,
  errors: {
    404: "No payer with this id on your platform, or the payer gave no tax number",
    409: "The payer is not waiting for review",
  },
  handler: async ({ caller, params, req }) => {
    if (caller.kind !== "session") throw unauthorized();
    return {
      ssn: await revealTaxNumber(caller.platformId, params.userId, caller.userId, auditContextOf(caller, req)),
    };
  },
});

export const erasePayerOperation = defineOperation({
  method: "DELETE",
  path: "/v1/payers/{userId}",
  summary: "Erase a payer",
  description:
    "Deletes the payer's identity and bank data; payments and their off-ramp records stay. The clientUserId becomes free (GET /v2/payer/{clientUserId} answers 404).",
  tags: TAGS,
  auth: ["session"],
  params: payerParams,
  response: successResponse,
  errors: { 404: "No payer with this id on your platform" },
  handler: async ({ caller, params, req }) => {
    await erase(platformOf(caller), params.userId, auditContextOf(caller, req));
    return { success: true };
  },
});

export const advanceOfframpOperation = defineOperation({
  method: "POST",
  path: "/v1/offramp-payments/{requestId}/progress",
  example: { body: { subStatus: "ongoing_checks" } },
  summary: "Mark an off-ramp payment's fiat progress",
  description:
    "The built-in fiat provider: the operator reports the next step of the fiat transfer (pending_internal_assessment, ongoing_checks, sending_fiat, fiat_sent; or bounced, retry_required with a reason). " +
    "Sends `payment.processing` with the step, and `payment.confirmed` at fiat_sent or `payment.failed` at bounced.",
  tags: TAGS,
  auth: ["session"],
  params: z.strictObject({
    requestId: z
      .string()
      .regex(/^[0-9a-fA-F]{66}$/, "must be a requestId")
      .transform((s) => s.toLowerCase()),
  }),
  body: z.strictObject({
    subStatus: z.enum(FIAT_SUB_STATUSES).exclude(["initiated"]),
    reason: z.string().max(500).optional(),
  }),
  response: successResponse,
  status: 200,
  errors: {
    404: "No off-ramp payment for this request on your platform",
    409: "This step cannot follow the current one",
  },
  handler: async ({ caller, params, body }) => {
    await advanceFiatLeg(platformOf(caller), params.requestId, body.subStatus, body.reason);
    return { success: true };
  },
});
