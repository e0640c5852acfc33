// Resolves who is calling from the request headers (docs/interface.md "Credentials"). Header credentials win
// over a session; a credential that is present but unknown or revoked is a 401, never a
// silent fall-back to another one. A client ID sent along with a session (a browser page of
// an integrator acting for a signed-in user) is checked like one sent alone and must belong
// to the session's platform; the session is the caller and carries it as `client`.
import { resolveApiKey, resolveSession, tokenPrefix } from "../auth";
import { isOriginAllowed, resolveClientId } from "../client-ids";
import { getConfig } from "../config";
import {
  type AuthKind,
  bearer,
  type Caller,
  describe,
  type ResolvedClient,
  readCookie,
  SESSION_COOKIE,
} from "../http/caller";
import type { ErrorCode } from "../http/error-codes";
import { ApiError, forbidden, unauthorized } from "../http/errors";
import { resolveOrchestratorKey } from "../orchestrators";

/** A credential that was sent but is unknown, revoked or expired: what a guesser gets. Counted
 * per source by the wrapper (lib/api/route.ts), unlike a missing or misplaced credential. */
export class UnknownCredential extends ApiError {
  constructor(code: ErrorCode, message: string) {
    super(401, code, message);
  }
}

/** Whether the request carries any credential (the wrapper checks the source's failures first). */
export function presentsCredential(req: Request): boolean {
  const h = req.headers;
  return Boolean(
    h.get("x-api-key") ||
      h.get("x-client-id") ||
      h.get("x-orchestrator-key") ||
      bearer(h.get("authorization")) ||
      readCookie(h.get("cookie"), SESSION_COOKIE),
  );
}

/** The shown part of the credential the request carries (`slk_AbC123` of an API key), named by
 * its header: failed guesses at one key are counted together, whoever sends them. */
export function presentedCredentialPrefix(req: Request): string | null {
  const h = req.headers;
  for (const [name, value] of [
    ["x-api-key", h.get("x-api-key")],
    ["x-orchestrator-key", h.get("x-orchestrator-key")],
    ["x-client-id", h.get("x-client-id")],
    ["bearer", bearer(h.get("authorization"))],
    ["session", readCookie(h.get("cookie"), SESSION_COOKIE)],
  ] as const)
    if (value) return `${name}:${tokenPrefix(value).slice(0, 64)}`;
  return null;
}

/** Browsers omit Origin on same-origin GETs; Sec-Fetch-Site tells us the page is our own. */
function requestOrigin(req: Request): string | null {
  const origin = req.headers.get("origin");
  if (origin) return origin;
  return req.headers.get("sec-fetch-site") === "same-origin" ? new URL(getConfig().APP_URL).origin : null;
}

export async function resolveCaller(req: Request, accepted: AuthKind[]): Promise<Caller> {
  const h = req.headers;
  const apiKey = h.get("x-api-key");
  const orchestratorKey = h.get("x-orchestrator-key");
  const clientIdValue = h.get("x-client-id");

  if (apiKey && accepted.includes("apiKey")) {
    const key = await resolveApiKey(apiKey);
    if (!key) throw new UnknownCredential("api_key_invalid", "Invalid or revoked API key");
    return {
      kind: "apiKey",
      platformId: key.platformId,
      apiKeyId: key.id,
      apiKeyPrefix: key.prefix,
      apiKeyName: key.name,
      scopes: key.scopes,
    };
  }
  if (orchestratorKey && accepted.includes("orchestratorKey")) {
    const key = await resolveOrchestratorKey(orchestratorKey);
    if (!key) throw new UnknownCredential("orchestrator_key_invalid", "Invalid or revoked orchestrator key");
    let client;
    if (clientIdValue) {
      const c = await resolveClientId(clientIdValue);
      if (!c) throw new UnknownCredential("client_id_invalid", "Invalid or revoked client ID");
      client = { platformId: c.platformId, clientIdId: c.id, clientId: c.clientId };
    }
    return { kind: "orchestratorKey", orchestratorId: key.orchestratorId, orchestratorKeyId: key.id, client };
  }
  if (clientIdValue && accepted.includes("clientId")) {
    return { kind: "clientId", ...(await resolveClient(req, clientIdValue)) };
  }
  const anySession = accepted.includes("session");
  if (anySession || accepted.includes("walletSession")) {
    const fromHeader = bearer(h.get("authorization"));
    const token = fromHeader ?? readCookie(h.get("cookie"), SESSION_COOKIE);
    if (token) {
      const s = await resolveSession(token);
      if (!s) throw new UnknownCredential("session_expired", "Session expired or signed out");
      if (!anySession && s.kind !== "wallet") {
        throw forbidden(
          "wallet_session_required",
          "This needs a wallet session: sign in with your wallet (POST /v1/auth/wallet/challenge, then /v1/auth/wallet/verify); an email sign-in is not enough",
        );
      }
      let client: ResolvedClient | undefined;
      if (clientIdValue) {
        client = await resolveClient(req, clientIdValue);
        if (client.platformId !== s.platformId)
          throw forbidden(
            "client_id_other_platform",
            "The client ID belongs to another platform than the signed-in user",
          );
      }
      return {
        kind: "session",
        platformId: s.platformId,
        userId: s.userId,
        sessionId: s.id,
        sessionKind: s.kind,
        viaCookie: !fromHeader,
        ...(client ? { client } : {}),
      };
    }
  }
  if (accepted.length === 0) return { kind: "none" };
  const present = [
    apiKey && "x-api-key",
    orchestratorKey && "x-orchestrator-key",
    clientIdValue && "x-client-id",
  ].filter(Boolean);
  if (clientIdValue && !anySession && accepted.includes("walletSession")) {
    // The published document sends x-client-id + Origin alone to these operations: a valid
    // client ID is a known caller lacking the wallet session, so 403 (the status our operations
    // document for "not a wallet session"), after the client ID itself is checked (401/403).
    await resolveClient(req, clientIdValue);
    throw forbidden(
      "wallet_session_required",
      "This needs a wallet session: sign in with your wallet (POST /v1/auth/wallet/challenge, then /v1/auth/wallet/verify) and send the session with x-client-id and Origin; x-client-id and Origin alone are not enough",
    );
  }
  if (present.length > 0)
    throw unauthorized(
      "credentials_not_accepted",
      `This endpoint does not accept ${present.join(", ")}; accepted: ${describe(accepted)}`,
    );
  throw unauthorized("credentials_missing", `Missing credentials; accepted: ${describe(accepted)}`);
}

async function resolveClient(req: Request, value: string): Promise<ResolvedClient> {
  const c = await resolveClientId(value);
  if (!c) throw new UnknownCredential("client_id_invalid", "Invalid or revoked client ID");
  // A backend client ID (no allowed domains) is for servers: no Origin, and no browser page.
  if (c.allowedDomains.length === 0) {
    const sent = req.headers.get("origin");
    if (sent)
      throw forbidden(
        "origin_not_allowed",
        `Origin ${sent} is not allowed: this is a backend client ID (no allowed domains), for servers, which send no Origin`,
      );
    return { platformId: c.platformId, clientIdId: c.id, clientId: c.clientId, origin: null };
  }
  const origin = requestOrigin(req);
  if (!origin) throw forbidden("origin_required", "The Origin header is required with client ID authentication");
  if (!isOriginAllowed(origin, c.allowedDomains))
    throw forbidden("origin_not_allowed", `Origin ${origin} is not allowed for this client ID`);
  return { platformId: c.platformId, clientIdId: c.id, clientId: c.clientId, origin };
}

/** The key rate limits and idempotency records are kept under. */
export function callerKey(caller: Caller, ip: string): string {
  switch (caller.kind) {
    case "apiKey":
      return `api_key:${caller.apiKeyId}`;
    case "clientId":
      return `client_id:${caller.clientIdId}`;
    case "orchestratorKey":
      return `orchestrator_key:${caller.orchestratorKeyId}`;
    case "session":
      return `session:${caller.sessionId}`;
    case "none":
      return `ip:${ip}`;
  }
}
