// The two-factor API: the code step of an email sign-in, and TOTP set-up in Settings
// (docs/decisions/two-factor.md). Every Settings operation acts on the caller's own user.
import type { Caller } from "../http/caller";
import { unauthorized } from "../http/errors";
import { defineOperation } from "../http/operation";
import { reply } from "../http/reply";
import {
  recoveryCodesResponse,
  totpCodeBody,
  totpEnrolmentResponse,
  twoFactorDisabledResponse,
  twoFactorLoginBody,
  twoFactorSignInResponse,
  twoFactorStatusResponse,
} from "./schemas";
import { sessionCookie } from "./session-cookie";
import { confirmTotpEnrolment, disableTotp, startTotpEnrolment, twoFactorStatus } from "./two-factor";
import { completeTwoFactorSignIn, sessionOrigin } from "./two-factor-sign-in";

const TAGS = ["Auth"];

function userOf(caller: Caller): string {
  if (caller.kind !== "session") throw unauthorized();
  return caller.userId;
}

export const twoFactorLogin = defineOperation({
  method: "POST",
  path: "/v1/auth/login/two-factor",
  example: { body: { ticket: "kq3V…sealed-ticket…", code: "123456" } },
  summary: "Finish an email sign-in with a TOTP code",
  description:
    'The second step when /v1/auth/login answered a `TwoFactorChallenge`: its ticket and the code the authenticator app shows (a code is accepted once, within 30 seconds either side), or one unused recovery code (`xxxxx-xxxxx`, then used up). For `twoFactor: "enrol"`, the first code of the new secret turns TOTP on and the answer carries the 10 recovery codes, shown only then. A wrong code counts as a failed sign-in of the email (the waits of /v1/auth/login apply). Starts an email session of 30 days and sets the `session_token` cookie.',
  tags: TAGS,
  auth: [],
  body: twoFactorLoginBody,
  response: twoFactorSignInResponse,
  status: 200,
  idempotency: false,
  errors: {
    401: "Unknown or expired ticket; wrong, expired or used code",
    429: "Too many failed tries for this email; retry after Retry-After",
  },
  handler: async ({ body, req }) => {
    const { who, session, recoveryCodes } = await completeTwoFactorSignIn(body.ticket, body.code, sessionOrigin(req));
    return reply(
      200,
      {
        user: who.user,
        platformId: who.platformId,
        expiresAt: session.expiresAt,
        token: session.token,
        ...(recoveryCodes ? { recoveryCodes } : {}),
      },
      { cookies: [sessionCookie(session.token)] },
    );
  },
});

const TOTP_PATH = "/v1/auth/two-factor";

export const getTwoFactor = defineOperation({
  method: "GET",
  path: TOTP_PATH,
  summary: "The signed-in user's two-factor state",
  description: "Whether TOTP is on, how many recovery codes are left, and whether the platform requires it.",
  tags: TAGS,
  auth: ["session"],
  response: twoFactorStatusResponse,
  handler: async ({ caller }) => twoFactorStatus(userOf(caller)),
});

export const startTotp = defineOperation({
  method: "POST",
  path: `${TOTP_PATH}/totp`,
  summary: "Start setting up TOTP",
  description:
    "A new secret (base32, and as an otpauth:// URL for a QR code) for an authenticator app. TOTP is on only once /v1/auth/two-factor/totp/confirm gets a code of it; starting again replaces a secret not confirmed yet. For users with an email (409 `two_factor_email_only` otherwise; wallet sign-in needs no second factor).",
  tags: TAGS,
  auth: ["session"],
  response: totpEnrolmentResponse,
  status: 200,
  idempotency: false,
  errors: { 409: "TOTP is on already, or the user has no email" },
  handler: async ({ caller }) => startTotpEnrolment(userOf(caller)),
});

export const confirmTotp = defineOperation({
  method: "POST",
  path: `${TOTP_PATH}/totp/confirm`,
  example: { body: { code: "123456" } },
  summary: "Turn TOTP on with its first code",
  description:
    "The code the app shows for the secret from /v1/auth/two-factor/totp. Turns TOTP on: email sign-ins need a code from now on. Answers 10 recovery codes, each good for one sign-in without the app; they are shown only here.",
  tags: TAGS,
  auth: ["session"],
  body: totpCodeBody,
  response: recoveryCodesResponse,
  status: 200,
  idempotency: false,
  errors: { 400: "Wrong or expired code", 409: "TOTP is on already, or no set-up was started" },
  handler: async ({ caller, body }) => ({ recoveryCodes: await confirmTotpEnrolment(userOf(caller), body.code) }),
});

export const disableTotpOperation = defineOperation({
  method: "POST",
  path: `${TOTP_PATH}/totp/disable`,
  example: { body: { code: "123456" } },
  summary: "Turn TOTP off",
  description:
    "With a current code (or an unused recovery code). Email sign-ins need the password only afterwards; the recovery codes are deleted. Refused while the platform's sign-in policy requires two-factor (409 `two_factor_required_by_platform`).",
  tags: TAGS,
  auth: ["session"],
  body: totpCodeBody,
  response: twoFactorDisabledResponse,
  status: 200,
  idempotency: false,
  errors: { 400: "Wrong, expired or used code", 404: "TOTP is off", 409: "The platform requires two-factor" },
  handler: async ({ caller, body }) => {
    await disableTotp(userOf(caller), body.code);
    return { enabled: false as const };
  },
});
