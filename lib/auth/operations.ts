// The auth API (docs/interface.md "Credentials"): wallet sign-in (EIP-4361 for EVM and Tron), email +
// password accounts, the current session and logout. Sign-ins set the session_token cookie
// and also return the token, for clients that send it as a Bearer token instead.

import type { Caller } from "../http/caller";
import { bearer, readCookie, SESSION_COOKIE } from "../http/caller";
import { isOwnOrigin, refuseCrossSite } from "../http/csrf";
import { unauthorized } from "../http/errors";
import { EXAMPLE } from "../http/example-values";
import { defineOperation } from "../http/operation";
import { reply } from "../http/reply";
import { getPlatform } from "../platforms";
import { now } from "./clock";
import { beginLoginAttempt, clearLoginFailures, recordLoginFailure, releaseLoginClaim } from "./login-throttle";
import {
  challengeBody,
  challengeResponse,
  loginBody,
  loginResponse,
  logoutResponse,
  registerBody,
  sessionResponse,
  signInMethodsResponse,
  signInResponse,
  verifyBody,
} from "./schemas";
import { clearedSessionCookie, sessionCookie } from "./session-cookie";
import { createSession, deleteSession, sessionExpiry } from "./sessions";
import { secondStepDue, sessionOrigin } from "./two-factor-sign-in";
import {
  addEmailToUser,
  authenticateEmailUser,
  getSignedInUser,
  registerEmailUser,
  removeSignInMethod,
  type SignedInUser,
} from "./users";
import { parseSignInAddress } from "./wallet-address";
import { createWalletChallenge, verifyWalletLink, verifyWalletSignIn, verifyWalletStepUp } from "./wallet-sign-in";

const TAGS = ["Auth"];
const SIGNED_IN_COOKIE = "Sets the `session_token` cookie (httpOnly, sameSite=lax, secure except on http://localhost).";

function signedIn(status: number, who: SignedInUser, session: { token: string; expiresAt: Date }) {
  return reply(
    status,
    { user: who.user, platformId: who.platformId, expiresAt: session.expiresAt, token: session.token },
    { cookies: [sessionCookie(session.token)] },
  );
}

/** A signed challenge's shape: the challenge itself is issued by POST /v1/auth/wallet/challenge. */
const SIGNED_CHALLENGE_EXAMPLE = {
  body: {
    challengeId: "01JQ7ZK3F8Y2M4N6P8R0T2V4X6",
    nonce: "5f2b1c9e8a7d",
    message: "shop.example.com wants you to sign in with your Ethereum account…",
    signature: EXAMPLE.signature,
  },
};

export const walletChallenge = defineOperation({
  method: "POST",
  path: "/v1/auth/wallet/challenge",
  example: { body: { address: EXAMPLE.payer } },
  summary: "Start a wallet sign-in",
  description:
    "Issues a single-use challenge for the address, valid 5 minutes. The wallet type is detected from the address: Tron addresses (base58, starting with T) sign with TronWeb `signMessageV2`, EVM addresses with `personal_sign`. `message` is an EIP-4361 message naming this service's domain and URI, the address (EIP-55 checksummed for EVM), version 1, the nonce, the issue and expiration times. Sign it unchanged and send it to /v1/auth/wallet/verify.",
  tags: TAGS,
  auth: [],
  body: challengeBody,
  response: challengeResponse,
  handler: async ({ body }) => createWalletChallenge(parseSignInAddress(body.address)!, body.chainId),
});

export const walletVerify = defineOperation({
  method: "POST",
  path: "/v1/auth/wallet/verify",
  example: SIGNED_CHALLENGE_EXAMPLE,
  summary: "Finish a wallet sign-in",
  description: `Checks the signed challenge: unused and unexpired, the same nonce and message, a message issued by this service, and a signature by the challenge's address (EVM: ECDSA, or ERC-1271/ERC-6492 for smart-contract wallets on networks with an RPC; Tron: signMessageV2). The challenge is then used up. The first sign-in of a wallet creates its user and platform. Starts a wallet session that ends after 15 idle minutes. ${SIGNED_IN_COOKIE}`,
  tags: TAGS,
  auth: [],
  body: verifyBody,
  response: signInResponse,
  status: 200,
  idempotency: false,
  errors: {
    401: "Unknown, expired or used challenge; nonce or message not the challenge's; message for another domain or URI; signature not made by the address",
  },
  handler: async ({ body, req }) => {
    const result = await verifyWalletSignIn(body, sessionOrigin(req));
    return signedIn(200, result, result.session);
  },
});

export const register = defineOperation({
  method: "POST",
  path: "/v1/auth/register",
  example: { body: { email: "merchant@example.com", password: "correct horse battery" } },
  summary: "Create an account with email and password",
  description: `Creates the user and their platform and signs them in (a session of 30 days), and emails a link that verifies the email (POST /v1/auth/email/verify). The email is compared case-insensitively; the password has 8 to 100 characters. ${SIGNED_IN_COOKIE}`,
  tags: TAGS,
  auth: [],
  body: registerBody,
  response: signInResponse,
  idempotency: false,
  errors: { 409: "An account with this email already exists" },
  handler: async ({ body, req }) => {
    const who = await registerEmailUser(body.email, body.password);
    return signedIn(201, who, await createSession(who.user.id, "email", now(), sessionOrigin(req)));
  },
});

export const login = defineOperation({
  method: "POST",
  path: "/v1/auth/login",
  example: { body: { email: "merchant@example.com", password: "correct horse battery" } },
  summary: "Sign in with email and password",
  description: `Starts an email session of 30 days. An unknown email and a wrong password get the same answer. After 5 failed tries for an email, each further try waits (429 with Retry-After): 1 s, then twice as long after every failure, up to 15 minutes; a successful sign-in starts over. When the user has TOTP on, or the platform requires two-factor sign-in, the answer is a \`TwoFactorChallenge\` instead (no session, no cookie): send a code with its ticket to /v1/auth/login/two-factor. ${SIGNED_IN_COOKIE}`,
  tags: TAGS,
  auth: [],
  body: loginBody,
  response: loginResponse,
  status: 200,
  idempotency: false,
  errors: {
    401: "Invalid email or password",
    429: "Too many failed tries for this email (or from this address); retry after Retry-After",
  },
  handler: async ({ body, req }) => {
    await beginLoginAttempt(body.email, now());
    const who = await authenticateEmailUser(body.email, body.password);
    if (!who) {
      await recordLoginFailure(body.email, now());
      throw unauthorized("email_password_invalid", "Invalid email or password");
    }
    const second = await secondStepDue(who.user.id, who.platformId, body.email, now());
    // With a code still due the failures stay counted: a right password must not reset the
    // count the code guesses add to.
    if (second) {
      await releaseLoginClaim(body.email, now());
      return reply(200, second);
    }
    await clearLoginFailures(body.email);
    return signedIn(200, who, await createSession(who.user.id, "email", now(), sessionOrigin(req)));
  },
});

export const logout = defineOperation({
  method: "POST",
  path: "/v1/auth/logout",
  summary: "Sign out",
  description:
    "Ends the session of the Bearer token or the session_token cookie (it is refused everywhere afterwards) and clears the cookie. Answers the same when there is no session or it already ended. With the cookie, the request must come from this service's own pages (`Origin`), like every cookie request that changes state.",
  tags: TAGS,
  auth: [],
  response: logoutResponse,
  status: 200,
  errors: { 403: "Cookie logout from another site's page (Origin not this service)" },
  handler: async ({ req }) => {
    const fromHeader = bearer(req.headers.get("authorization"));
    let fromCookie = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
    // The cookie comes along with requests other sites make: it is ended only on our own
    // pages' requests (the wrapper's CSRF rule; this operation resolves no caller itself).
    if (fromCookie && !isOwnOrigin(req)) {
      if (!fromHeader) refuseCrossSite(req);
      fromCookie = undefined;
    }
    for (const token of new Set([fromHeader, fromCookie])) if (token) await deleteSession(token);
    return reply(200, { signedOut: true }, { cookies: [clearedSessionCookie()] });
  },
});

export const currentSession = defineOperation({
  method: "GET",
  path: "/v1/auth/session",
  summary: "The signed-in user",
  description:
    "The session's user, their platform and when the session ends. A wallet session's 15 idle minutes restart with every request, this one included.",
  tags: TAGS,
  auth: ["session"],
  response: sessionResponse,
  handler: async ({ caller }) => {
    if (caller.kind !== "session") throw unauthorized();
    const [who, platform, expiresAt] = await Promise.all([
      getSignedInUser(caller.userId),
      getPlatform(caller.platformId),
      sessionExpiry(caller.sessionId),
    ]);
    if (!who || !platform || !expiresAt) throw unauthorized("session_expired", "Session expired or signed out");
    return {
      user: who.user,
      platformId: platform.id,
      platform: {
        id: platform.id,
        name: platform.name,
        isDemo: platform.isDemo,
        businessName: platform.businessName,
        logoUrl: platform.logoPath,
      },
      sessionKind: caller.sessionKind,
      expiresAt,
    };
  },
});

// ---------- several sign-in methods (docs/decisions/sign-in-methods.md) ----------

function sessionOf(caller: Caller) {
  if (caller.kind !== "session") throw unauthorized();
  return caller;
}

export const linkWallet = defineOperation({
  method: "POST",
  path: "/v1/auth/methods/wallet",
  example: SIGNED_CHALLENGE_EXAMPLE,
  summary: "Link a wallet to the signed-in user",
  description:
    "The wallet signs a challenge from /v1/auth/wallet/challenge (the same message as a sign-in); sent here with the session of the user it joins, it becomes a second way to sign in to the same platform. A wallet that already signs in to another platform is refused (409 `wallet_taken`): platforms are never merged. A user has at most one wallet: remove it before linking another (409 `sign_in_method_exists`). Linking the user's own wallet again changes nothing.",
  tags: TAGS,
  auth: ["session"],
  body: verifyBody,
  response: signInMethodsResponse,
  status: 200,
  idempotency: false,
  errors: {
    401: "Unknown, expired or used challenge; nonce or message not the challenge's; signature not made by the address",
    409: "The wallet signs in to another platform, or the user already has another wallet",
  },
  handler: async ({ caller, body }) => ({ user: await verifyWalletLink(sessionOf(caller).userId, body) }),
});

export const walletStepUp = defineOperation({
  method: "POST",
  path: "/v1/auth/wallet/step-up",
  example: SIGNED_CHALLENGE_EXAMPLE,
  summary: "Step up to a wallet session of the same platform",
  description: `For an email session that must do what only a wallet session may (managing payee destinations). The wallet signs a challenge from /v1/auth/wallet/challenge, as in a sign-in; sent here with the current session, the wallet is linked to the user when the user has none yet (the rules of POST /v1/auth/methods/wallet: a wallet of another platform is 409 \`wallet_taken\`, another wallet than the linked one 409 \`sign_in_method_exists\`) and a wallet session of the same user and platform starts (15 idle minutes). Never a second platform. A session sent as the cookie is replaced by the new one, and ended. ${SIGNED_IN_COOKIE}`,
  tags: TAGS,
  auth: ["session"],
  body: verifyBody,
  response: signInResponse,
  status: 200,
  idempotency: false,
  errors: {
    401: "Unknown, expired or used challenge; nonce or message not the challenge's; signature not made by the address",
    409: "The wallet signs in to another platform, or the user has another wallet linked",
  },
  handler: async ({ caller, body, req }) => {
    const session = sessionOf(caller);
    const result = await verifyWalletStepUp(session.userId, body, sessionOrigin(req));
    // The cookie now carries the wallet session: the one it replaces ends rather than linger unseen.
    if (session.viaCookie) {
      const old = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
      if (old) await deleteSession(old);
    }
    return signedIn(200, result, result.session);
  },
});

export const addEmail = defineOperation({
  method: "POST",
  path: "/v1/auth/methods/email",
  example: { body: { email: "billing@example.com", password: "correct horse battery" } },
  summary: "Add email and password to the signed-in user",
  description:
    "Afterwards the email and password sign in to the same platform (the rules of /v1/auth/register apply). An email that already has an account is refused (409 `email_taken`); a user that has an email must remove it first (409 `sign_in_method_exists`).",
  tags: TAGS,
  auth: ["session"],
  body: registerBody,
  response: signInMethodsResponse,
  status: 200,
  idempotency: false,
  errors: { 409: "The email has an account already, or the user already has an email" },
  handler: async ({ caller, body }) => ({
    user: await addEmailToUser(sessionOf(caller).userId, body.email, body.password),
  }),
});

function removeMethodEndpoint(method: "wallet" | "email") {
  const what = method === "wallet" ? "the linked wallet" : "the email and password";
  return defineOperation({
    method: "DELETE",
    path: `/v1/auth/methods/${method}`,
    summary: method === "wallet" ? "Remove the linked wallet" : "Remove email and password",
    description: `Removes ${what} when another sign-in method remains (409 \`last_sign_in_method\` otherwise), and ends the sessions it started, except the caller's own.`,
    tags: TAGS,
    auth: ["session"],
    response: signInMethodsResponse,
    errors: {
      404: `The user has no ${method === "wallet" ? "wallet" : "email"}`,
      409: "It is the only sign-in method left",
    },
    handler: async ({ caller }) => {
      const session = sessionOf(caller);
      return { user: await removeSignInMethod(session.userId, method, session.sessionId) };
    },
  });
}

export const removeWallet = removeMethodEndpoint("wallet");
export const removeEmail = removeMethodEndpoint("email");
