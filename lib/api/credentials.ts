// Resolves who is calling from the request headers (SERVICE.md §5). Header credentials win
// over a session; a credential that is present but unknown or revoked is a 401, never a
// silent fall-back to another one. A client ID sent along with a session (a browser page of
// an integrator acting for a signed-in user) is checked like one sent alone and must belong
// to the session's platform; the session is the caller and carries it as `client`.
import { resolveApiKey } from "../auth/api-keys";
import { getConfig } from "../config";
import { resolveSession, type SessionKind } from "../auth/sessions";
import { isOriginAllowed } from "../client-ids/origin";
import { resolveClientId } from "../client-ids/resolve";
import { resolveOrchestratorKey } from "../orchestrators/resolve";
import { forbidden, unauthorized } from "./errors";

/** `walletSession` accepts only sessions started by wallet sign-in (SERVICE.md §5). */
export type AuthKind = "apiKey" | "clientId" | "orchestratorKey" | "session" | "walletSession";

/** A client ID checked against the request's Origin. */
export interface ResolvedClient {
  platformId: string;
  clientIdId: string;
  clientId: string;
  origin: string;
}

export type Caller =
  | { kind: "apiKey"; platformId: string; apiKeyId: string }
  | ({ kind: "clientId" } & ResolvedClient)
  | {
      kind: "orchestratorKey";
      orchestratorId: string;
      orchestratorKeyId: string;
      /** The linked platform's client ID sent alongside, when there is one. */
      client?: { platformId: string; clientIdId: string; clientId: string };
    }
  | {
      kind: "session";
      platformId: string;
      userId: string;
      sessionId: string;
      sessionKind: SessionKind;
      viaCookie: boolean;
      /** The client ID sent alongside, when there is one (same platform, Origin checked). */
      client?: ResolvedClient;
    }
  | { kind: "none" };

export const SESSION_COOKIE = "session_token";

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) {
      const value = part.slice(i + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value; // malformed percent-encoding: an unknown token, not a server error
      }
    }
  }
  return undefined;
}

/** Browsers omit Origin on same-origin GETs; Sec-Fetch-Site tells us the page is our own. */
function requestOrigin(req: Request): string | null {
  const origin = req.headers.get("origin");
  if (origin) return origin;
  return req.headers.get("sec-fetch-site") === "same-origin" ? new URL(getConfig().APP_URL).origin : null;
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearer(header: string | null): string | undefined {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
}

export async function resolveCaller(req: Request, accepted: AuthKind[]): Promise<Caller> {
  const h = req.headers;
  const apiKey = h.get("x-api-key");
  const orchestratorKey = h.get("x-orchestrator-key");
  const clientIdValue = h.get("x-client-id");

  if (apiKey && accepted.includes("apiKey")) {
    const key = await resolveApiKey(apiKey);
    if (!key) throw unauthorized("Invalid or revoked API key");
    return { kind: "apiKey", platformId: key.platformId, apiKeyId: key.id };
  }
  if (orchestratorKey && accepted.includes("orchestratorKey")) {
    const key = await resolveOrchestratorKey(orchestratorKey);
    if (!key) throw unauthorized("Invalid or revoked orchestrator key");
    let client;
    if (clientIdValue) {
      const c = await resolveClientId(clientIdValue);
      if (!c) throw unauthorized("Invalid or revoked client ID");
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
      if (!s) throw unauthorized("Session expired or signed out");
      if (!anySession && s.kind !== "wallet") {
        throw forbidden("This needs a wallet session: sign in with your wallet (POST /v1/auth/wallet/challenge, then /v1/auth/wallet/verify); an email sign-in is not enough");
      }
      let client: ResolvedClient | undefined;
      if (clientIdValue) {
        client = await resolveClient(req, clientIdValue);
        if (client.platformId !== s.platformId) throw forbidden("The client ID belongs to another platform than the signed-in user");
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
  const present = [apiKey && "x-api-key", orchestratorKey && "x-orchestrator-key", clientIdValue && "x-client-id"].filter(Boolean);
  if (clientIdValue && !anySession && accepted.includes("walletSession")) {
    throw unauthorized(`x-client-id is not enough here: it must come with ${describe(["walletSession"])}`);
  }
  if (present.length > 0) throw unauthorized(`This endpoint does not accept ${present.join(", ")}; accepted: ${describe(accepted)}`);
  throw unauthorized(`Missing credentials; accepted: ${describe(accepted)}`);
}

async function resolveClient(req: Request, value: string): Promise<ResolvedClient> {
  const c = await resolveClientId(value);
  if (!c) throw unauthorized("Invalid or revoked client ID");
  const origin = requestOrigin(req);
  if (!origin) throw forbidden("The Origin header is required with client ID authentication");
  if (!isOriginAllowed(origin, c.allowedDomains)) throw forbidden(`Origin ${origin} is not allowed for this client ID`);
  return { platformId: c.platformId, clientIdId: c.id, clientId: c.clientId, origin };
}

export function describe(kinds: AuthKind[]): string {
  const names: Record<AuthKind, string> = {
    apiKey: "x-api-key",
    clientId: "x-client-id with Origin",
    orchestratorKey: "x-orchestrator-key",
    session: "a session (Authorization: Bearer or session_token cookie)",
    walletSession: "a wallet session (Authorization: Bearer or session_token cookie from wallet sign-in), optionally with x-client-id and Origin of the same platform",
  };
  return kinds.map((k) => names[k]).join(", ");
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
