// Who is changing something and from where, as the audit log records it: taken from the caller
// the route wrapper resolved and the request, then handed by the operation to its domain, which
// records it in the transaction of the change (record-audit.ts).
import type { Caller } from "../http/caller";
import { clientIp } from "../http/client-ip";
import { unauthorized } from "../http/errors";
import type { AuditActor } from "./actions";

export interface AuditContext {
  platformId: string;
  actor: AuditActor;
  clientIp: string | null;
  userAgent: string | null;
}

const MAX_USER_AGENT = 300;

function actorOf(caller: Caller): { platformId: string; actor: AuditActor } {
  switch (caller.kind) {
    case "session":
      return {
        platformId: caller.platformId,
        actor: { type: "user", userId: caller.userId, signIn: caller.sessionKind },
      };
    case "apiKey":
      return {
        platformId: caller.platformId,
        actor: { type: "api_key", apiKeyId: caller.apiKeyId, prefix: caller.apiKeyPrefix, name: caller.apiKeyName },
      };
    case "clientId":
      return {
        platformId: caller.platformId,
        actor: { type: "client_id", clientIdId: caller.clientIdId, clientId: caller.clientId },
      };
    default:
      // An orchestrator acts for no one platform: its changes are not in a platform's log.
      throw unauthorized();
  }
}

/** The platform, actor and source of a request; refuses a caller acting for no platform. */
export function auditContextOf(caller: Caller, req: Request): AuditContext {
  const ip = clientIp(req);
  return {
    ...actorOf(caller),
    clientIp: ip === "unknown" ? null : ip,
    userAgent: req.headers.get("user-agent")?.slice(0, MAX_USER_AGENT) ?? null,
  };
}

/** A change the service makes itself (no request behind it). */
export function systemAuditContext(platformId: string): AuditContext {
  return { platformId, actor: { type: "system" }, clientIp: null, userAgent: null };
}
