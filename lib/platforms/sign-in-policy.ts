// The platform's sign-in policy (dashboard Settings, /v1/platform/sign-in-policy): whether email
// sign-ins need a TOTP code. Read by auth at the password step (docs/decisions/two-factor.md).
import { z } from "zod";
import { db } from "../db/client";
import { unauthorized } from "../http/errors";

export const signInPolicy = z
  .object({
    requireTwoFactor: z
      .boolean()
      .describe(
        "Email sign-ins need a TOTP code; a user without TOTP sets it up at the next email sign-in, before a session starts. Wallet sign-in is not affected.",
      ),
  })
  .meta({ id: "SignInPolicy" });

export const signInPolicyBody = z.strictObject({ requireTwoFactor: z.boolean() }).meta({ id: "SignInPolicyUpdate" });

export async function getSignInPolicy(platformId: string): Promise<z.output<typeof signInPolicy>> {
  const row = await (await db()).platform.findUnique({
    where: { id: platformId },
    select: { requireTwoFactor: true },
  });
  if (!row) throw unauthorized("session_expired", "Session expired or signed out");
  return row;
}

export async function setSignInPolicy(platformId: string, requireTwoFactor: boolean) {
  return (await db()).platform.update({
    where: { id: platformId },
    data: { requireTwoFactor },
    select: { requireTwoFactor: true },
  });
}
