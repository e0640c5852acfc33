// The platform profile over HTTP: the dashboard's Settings page writes through it.
import { auditContextOf } from "../audit";
import { platformOf } from "../http/caller";
import { defineOperation } from "../http/operation";
import { getPlatformProfile, platformProfile, platformProfileBody, updatePlatformProfile } from "./profile";

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
