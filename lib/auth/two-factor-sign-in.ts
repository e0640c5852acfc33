// The two steps of an email sign-in with two-factor (docs/decisions/two-factor.md): the password
// step answers a ticket instead of a session when a code is due; the code step checks the code
// (or a recovery code, or the first code of an enrolment the platform requires) and only then
// starts the session. Failed codes count toward the email's login throttle.
import { clientIp } from "../http/client-ip";
import { unauthorized } from "../http/errors";
import { now as clockNow } from "./clock";
import { beginLoginAttempt, clearLoginFailures, recordLoginFailure } from "./login-throttle";
import { createSession, type SessionOrigin } from "./sessions";
import {
  checkSecondFactor,
  enrolAtSignIn,
  hasTwoFactor,
  platformRequiresTwoFactor,
  startTotpEnrolment,
} from "./two-factor";
import { issueTicket, openTicket } from "./two-factor-ticket";
import { getSignedInUser } from "./users";

export function sessionOrigin(req: Request): SessionOrigin {
  return { userAgent: req.headers.get("user-agent"), ipAddress: clientIp(req) };
}

export interface SecondStep {
  twoFactor: "code" | "enrol";
  ticket: string;
  expiresAt: Date;
  enrolment?: { secret: string; otpauthUrl: string };
}

/** After a right password: the ticket for the code step, or null when no code is due. */
export async function secondStepDue(
  userId: string,
  platformId: string,
  email: string,
  now: Date,
): Promise<SecondStep | null> {
  if (await hasTwoFactor(userId)) return { twoFactor: "code", ...issueTicket(userId, email, now) };
  if (!(await platformRequiresTwoFactor(platformId))) return null;
  const enrolment = await startTotpEnrolment(userId);
  return { twoFactor: "enrol", ...issueTicket(userId, email, now), enrolment };
}

const badTicket = () =>
  unauthorized(
    "two_factor_ticket_invalid",
    "The sign-in ticket is unknown or expired; sign in with your email and password again",
  );

/** The code step: the user and a new email session, and recovery codes when it enrolled. */
export async function completeTwoFactorSignIn(ticket: string, code: string, origin: SessionOrigin) {
  const t = openTicket(ticket, clockNow());
  if (!t) throw badTicket();
  await beginLoginAttempt(t.email, clockNow());
  const who = await getSignedInUser(t.userId);
  // The email was removed or changed since the password step: that password no longer signs in.
  if (!who || who.user.email !== t.email) throw badTicket();
  let recoveryCodes: string[] | undefined;
  let ok: boolean;
  if (await hasTwoFactor(t.userId)) ok = await checkSecondFactor(t.userId, code, clockNow());
  else {
    recoveryCodes = (await enrolAtSignIn(t.userId, code, clockNow())) ?? undefined;
    ok = recoveryCodes !== undefined;
  }
  if (!ok) {
    await recordLoginFailure(t.email, clockNow());
    throw unauthorized("two_factor_code_invalid", "The code is wrong, expired or already used");
  }
  await clearLoginFailures(t.email);
  const session = await createSession(t.userId, "email", clockNow(), origin);
  return { who, session, recoveryCodes };
}
