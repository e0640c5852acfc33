// The platform profile over HTTP: the dashboard's Settings page writes through it.
import { auditContextOf } from "../audit";
import { platformOf } from "../http/caller";
import { defineOperation } from "../http/operation";
import { getPlatformProfile, platformProfile, platformProfileBody, updatePlatformProfile } from "./profile";
import { getSignInPolicy, setSignInPolicy, signInPolicy, signInPolicyBody } from "./sign-in-policy";

const TAGS = ["Platform"];

export const getPlatformProfileOperation = defineOperation({
  method: "GET",
  path: "/v1/platform/profile",
  summary: "Get the platform profile",
  description: "The business name and logo shown as the merchant on the payment page and in the dashboard.",
  tags: TAGS,
  auth: ["session", "apiKey"],
  response: platformProfile,
  handler: async ({ caller }) => getPlatformProfile(platformOf(caller)),
});

export const updatePlatformProfileOperation = defineOperation({
  method: "PATCH",
  path: "/v1/platform/profile",
  example: { body: { businessName: "Acme Coffee" } },
  summary: "Update the platform profile",
  description:
    "Given fields replace, `null` clears one, omitted fields stay. The payment page shows the business name as the merchant, and the logo unless the client ID's branding sets one.",
  tags: TAGS,
  auth: ["session", "apiKey"],
  body: platformProfileBody,
  response: platformProfile,
  handler: async ({ caller, body, req }) =>
    updatePlatformProfile(platformOf(caller), body, auditContextOf(caller, req)),
});

const POLICY_PATH = "/v1/platform/sign-in-policy";

export const getSignInPolicyOperation = defineOperation({
  method: "GET",
  path: POLICY_PATH,
  summary: "Get the sign-in policy",
  description: "Whether email sign-ins to the platform need a second factor (TOTP).",
  tags: TAGS,
  auth: ["session"],
  response: signInPolicy,
  handler: async ({ caller }) => getSignInPolicy(platformOf(caller)),
});

export const setSignInPolicyOperation = defineOperation({
  method: "PUT",
  path: POLICY_PATH,
  example: { body: { requireTwoFactor: true } },
  summary: "Set the sign-in policy",
  description:
    'With `requireTwoFactor`, every email sign-in to the platform needs a TOTP code; a user without TOTP sets it up at their next email sign-in (POST /v1/auth/login answers `twoFactor: "enrol"`), and no user can turn TOTP off. Sessions that exist go on. Wallet sign-in is not affected. Only a signed-in user may change it (not an API key).',
  tags: TAGS,
  auth: ["session"],
  body: signInPolicyBody,
  response: signInPolicy,
  handler: async ({ caller, body }) => setSignInPolicy(platformOf(caller), body.requireTwoFactor),
});
