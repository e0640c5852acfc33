// Who is calling, as every handler sees it, and how credentials are carried. Pure: resolving a
// credential against the database is lib/api/credentials.ts's job.
import { parseCookie } from "cookie";
import type { ApiKeyScope } from "./api-key-scopes";
import { unauthorized } from "./errors";

/** How a session was started: wallet sign-in or email and password. */
export type SessionKind = "wallet" | "email";

/** `walletSession` accepts only sessions started by wallet sign-in (docs/interface.md "Credentials"). */
export type AuthKind = "apiKey" | "clientId" | "orchestratorKey" | "session" | "walletSession";

/** A client ID checked against the request's Origin (null: a backend client ID, used without one). */
export interface ResolvedClient {
  platformId: string;
  clientIdId: string;
  clientId: string;
  origin: string | null;
}

export type Caller =
  | {
      kind: "apiKey";
      platformId: string;
      apiKeyId: string;
      /** The key's prefix and name, which the audit log names it by (never the key). */
      apiKeyPrefix: string;
      apiKeyName: string;
      /** What the key may do; the route wrapper checks the operation's scope against it. */
      scopes: readonly ApiKeyScope[];
    }
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

/** A cookie's value from a Cookie header (parsed by the `cookie` package; a value that is not
 * valid percent-encoding is kept as sent, an unknown token rather than a server error). */
export function readCookie(header: string | null, name: string): string | undefined {
  return header ? parseCookie(header)[name] : undefined;
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearer(header: string | null): string | undefined {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
}

export function describe(kinds: AuthKind[]): string {
  const names: Record<AuthKind, string> = {
    apiKey: "x-api-key",
    clientId: "x-client-id with Origin",
    orchestratorKey: "x-orchestrator-key",
    session: "a session (Authorization: Bearer or session_token cookie)",
    walletSession:
      "a wallet session (Authorization: Bearer or session_token cookie from wallet sign-in), optionally with x-client-id and Origin of the same platform",
  };
  return kinds.map((k) => names[k]).join(", ");
}

/**
 * The platform a caller acts for: its API key's, client ID's or session's. An orchestrator (it
 * acts for no one platform) or no one is refused; which of the others an operation takes, its
 * `auth` says (lib/api/credentials.ts refuses the rest before the handler runs).
 */
export function platformOf(caller: Caller): string {
  if (caller.kind === "apiKey" || caller.kind === "clientId" || caller.kind === "session") return caller.platformId;
  throw unauthorized();
}

/** The orchestrator of an orchestrator-key caller; any other caller is refused. */
export function orchestratorOf(caller: Caller): string {
  if (caller.kind === "orchestratorKey") return caller.orchestratorId;
  throw unauthorized();
}
