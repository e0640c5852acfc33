// The auth API's links sent by email (docs/decisions/email-outbox.md): asking for a password
// reset, setting the new password with the link's token, verifying the account's email and
// sending its link again. The mails go through the outbox (lib/mail).

import type { Caller } from "../http/caller";
import { unauthorized } from "../http/errors";
import { defineOperation } from "../http/operation";
import { confirmPasswordReset, requestPasswordReset, resendVerificationMail, verifyEmail } from "./email-links";
import {
  passwordResetBody,
  passwordResetConfirmBody,
  passwordResetConfirmResponse,
  passwordResetResponse,
  resendVerificationResponse,
  verifyEmailBody,
  verifyEmailResponse,
} from "./schemas";

const TAGS = ["Auth"];
const EXAMPLE_TOKEN = "slr_Q2hvb3NlIGEgbmV3IHBhc3N3b3JkIGZvciB0aGlzIGFjY291bnQ";

export const requestPasswordResetOperation = defineOperation({
  method: "POST",
  path: "/v1/auth/password-reset",
  example: { body: { email: "merchant@example.com" } },
  summary: "Ask for a password reset link",
  description:
    "When an account has this email, a link to choose a new password is emailed to it; it works once, within 30 minutes. The answer is the same whether or not an account has the email. At most 3 unused links of one account are alive at once: further asks send nothing until one is used or expires.",
  tags: TAGS,
  auth: [],
  body: passwordResetBody,
  response: passwordResetResponse,
  status: 202,
  idempotency: false,
  handler: async ({ body }) => {
    await requestPasswordReset(body.email);
    return { requested: true as const };
  },
});

export const confirmPasswordResetOperation = defineOperation({
  method: "POST",
  path: "/v1/auth/password-reset/confirm",
  example: { body: { token: EXAMPLE_TOKEN, password: "a new long passphrase" } },
  summary: "Set a new password with a reset link",
  description:
    "Sets the account's password with the token of an emailed reset link. The link is then used up, as are the account's other reset links; every session of the account ends (sign in again with the new password) and failed sign-ins are forgotten. Following the link proves the email, so it counts as verified.",
  tags: TAGS,
  auth: [],
  body: passwordResetConfirmBody,
  response: passwordResetConfirmResponse,
  status: 200,
  idempotency: false,
  errors: { 404: "Unknown, expired or used link (`reset_link_invalid`)" },
  handler: async ({ body }) => {
    await confirmPasswordReset(body.token, body.password);
    return { passwordReset: true as const };
  },
});

export const verifyEmailOperation = defineOperation({
  method: "POST",
  path: "/v1/auth/email/verify",
  example: { body: { token: "slv_VmVyaWZ5IHRoaXMgZW1haWwgYWRkcmVzcyBmb3IgdGhlIGFjY291bnQ" } },
  summary: "Verify the account's email with its link",
  description:
    "Marks the email verified with the token of the link emailed at sign-up (or when the email was added, or sent again). The link works once, within 2 days, and only while the account still has that email. No session is needed: the token is the proof.",
  tags: TAGS,
  auth: [],
  body: verifyEmailBody,
  response: verifyEmailResponse,
  status: 200,
  idempotency: false,
  errors: { 404: "Unknown, expired or used link (`verification_link_invalid`)" },
  handler: async ({ body }) => {
    await verifyEmail(body.token);
    return { emailVerified: true as const };
  },
});

function userOf(caller: Caller): string {
  if (caller.kind !== "session") throw unauthorized();
  return caller.userId;
}

export const resendVerificationOperation = defineOperation({
  method: "POST",
  path: "/v1/auth/email/verification",
  summary: "Send the email's verification link again",
  description:
    "Emails a new verification link to the signed-in user's email. Nothing is sent (`sent: false`) when the email is verified already, when the user has no email, or when a link went out less than a minute ago.",
  tags: TAGS,
  auth: ["session"],
  response: resendVerificationResponse,
  status: 200,
  idempotency: false,
  handler: async ({ caller }) => ({ sent: await resendVerificationMail(userOf(caller)) }),
});
