// /v2/payouts/recurring/{id}: activate a recurring payout with the payer's signature, read its
// progress, cancel or resume it. API key or client ID + Origin, scoped to the platform.
// The schedule itself is created by POST /v2/payouts with `recurrence` (lib/payouts).
import type { Caller } from "../http/caller";
import { EXAMPLE } from "../http/example-values";
import { defineOperation } from "../http/operation";
import { requestOwner } from "../requests";
import { activateSchedule, describeSchedule, updateSchedule } from "./manage-schedule";
import {
  activateBody,
  activateResponse,
  recurringIdParams,
  recurringStatusResponse,
  updateBody,
  updateResponse,
} from "./schemas";

const TAGS = ["Payouts"];

/** The platform a call acts for: API key, client ID, or (GET and PATCH, the dashboard) a signed-in user's session. */
const platformOf = (caller: Caller): string =>
  caller.kind === "session" ? caller.platformId : requestOwner(caller).platformId;
const NOT_FOUND = "Recurring payment not found (also for another platform's)";

export const activateRecurringOperation = defineOperation({
  method: "POST",
  path: "/v2/payouts/recurring/{id}",
  example: { body: { permitSignature: EXAMPLE.signature } },
  summary: "Activate a recurring payout with the payer's signature",
  description:
    "`permitSignature` is the payer's EIP-712 signature of the `recurringPaymentPermit` POST /v2/payouts answered: 65 bytes from an EOA, or whatever the payer's smart-contract wallet accepts (ERC-1271, checked on chain). " +
    "Once active, our relayer pays instalment 1 as soon as it is due by the chain's clock, then each next one when it falls due. The payer must have approved the recurring proxy (the answer's `transactions`).",
  tags: TAGS,
  auth: ["apiKey", "clientId"],
  params: recurringIdParams,
  body: activateBody,
  response: activateResponse,
  errors: {
    400: "Validation failed, a signature that is not the payer's, or a schedule not waiting for one",
    404: NOT_FOUND,
  },
  handler: async ({ caller, params, body }) =>
    activateSchedule(requestOwner(caller).platformId, params.id, body.permitSignature),
});

export const getRecurringOperation = defineOperation({
  method: "GET",
  path: "/v2/payouts/recurring/{id}",
  summary: "Get a recurring payout's progress",
  description:
    "`status` is `pending` (waiting for the signature), `active`, `paused` (an instalment failed the configured number of tries: `failureReason`; `payment.failed` was sent), `cancelled` or `completed`. " +
    "`nextPaymentDate` is when the next instalment is due by the chain's clock; `payments` lists the instalments paid. Customer information is not included.",
  tags: TAGS,
  auth: ["apiKey", "clientId", "session"],
  params: recurringIdParams,
  response: recurringStatusResponse,
  errors: { 404: NOT_FOUND },
  handler: async ({ caller, params }) => describeSchedule(platformOf(caller), params.id),
});

export const updateRecurringOperation = defineOperation({
  method: "PATCH",
  path: "/v2/payouts/recurring/{id}",
  example: { body: { action: "cancel" } },
  summary: "Cancel or resume a recurring payout",
  description:
    "`cancel`: nothing more is paid; `transactions` holds the approval that takes the proxy's allowance back (to what the payer's other schedules of the token still need, 0 if none), for the payer to send. " +
    "`unpause`: a paused schedule is active again and the instalments missed meanwhile are paid at once, in order. The request's `isRecurrenceStopped` follows: true once cancelled, false once resumed.",
  tags: TAGS,
  auth: ["apiKey", "clientId", "session"],
  params: recurringIdParams,
  body: updateBody,
  response: updateResponse,
  errors: { 400: "Validation failed, already cancelled, completed, or not paused (unpause)", 404: NOT_FOUND },
  handler: async ({ caller, params, body }) => updateSchedule(platformOf(caller), params.id, body.action),
});
