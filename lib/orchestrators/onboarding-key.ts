// The key in a hosted onboarding URL (`…/dashboard/links/<intentId>?key=…`). The intent id is
// an identifier — it travels in events, link lists and logs — so it cannot also be what lets a
// platform approve: the key is. It is an HMAC of the intent id under a key derived from
// ENCRYPTION_KEY, so it is stored nowhere, the orchestrator can read its onboardingUrl again,
// and only whoever the orchestrator sent the URL to has it.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { encryptionKey } from "../secrets/encryption-key";

let derived: { from: Buffer; key: Buffer } | undefined;

function hmacKey(): Buffer {
  const master = encryptionKey();
  if (derived?.from !== master)
    derived = {
      from: master,
      key: Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), "stablelink onboarding link key", 32)),
    };
  return derived.key;
}

export function onboardingKey(intentId: string): string {
  return createHmac("sha256", hmacKey()).update(intentId).digest("base64url").slice(0, 32);
}

export function isOnboardingKey(intentId: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(onboardingKey(intentId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
