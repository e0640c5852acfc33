// Which fiat step may follow which: forward only (skipping allowed), setbacks from any open
// step, retries after retry_required, nothing after fiat_sent or bounced.
import { describe, expect, it } from "vitest";
import { refuseFiatStep } from "./fiat-steps";

describe("fiat steps", () => {
  it.each([
    ["initiated", "pending_internal_assessment"],
    ["initiated", "fiat_sent"],
    ["ongoing_checks", "sending_fiat"],
    ["sending_fiat", "bounced"],
    ["initiated", "retry_required"],
    ["retry_required", "ongoing_checks"],
    ["retry_required", "sending_fiat"],
  ] as const)("%s → %s is allowed", (from, to) => expect(refuseFiatStep(from, to)).toBeNull());

  it.each([
    ["awaiting_payment", "pending_internal_assessment", /not been detected/],
    ["sending_fiat", "ongoing_checks", /does not follow/],
    ["ongoing_checks", "ongoing_checks", /already ongoing_checks/],
    ["fiat_sent", "bounced", /already ended/],
    ["bounced", "sending_fiat", /already ended/],
    ["retry_required", "pending_internal_assessment", /does not follow/],
    ["pending_internal_assessment", "initiated", /set when the crypto payment is detected/],
  ] as const)("%s → %s is refused", (from, to, why) => expect(refuseFiatStep(from, to)).toMatch(why));
});
