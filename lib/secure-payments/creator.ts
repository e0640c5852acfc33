// Who creates a secure payment: the platform behind an API key, a client ID (+ Origin) or a
// session, or an orchestrator acting for a linked platform — x-orchestrator-key together
// with that platform's x-client-id, and only while the link between them is active. The
// orchestrator is then fixed on the payment, its requests and its events.
import type { Caller } from "../http/caller";
import { badRequest, forbidden, unauthorized } from "../http/errors";
import { isLinked } from "../orchestrators";

export interface SecurePaymentCreator {
  platformId: string;
  clientIdId: string | null;
  orchestratorId: string | null;
}

export async function creatorOf(caller: Caller): Promise<SecurePaymentCreator> {
  switch (caller.kind) {
    case "apiKey":
      return { platformId: caller.platformId, clientIdId: null, orchestratorId: null };
    case "clientId":
      return { platformId: caller.platformId, clientIdId: caller.clientIdId, orchestratorId: null };
    case "session":
      return { platformId: caller.platformId, clientIdId: caller.client?.clientIdId ?? null, orchestratorId: null };
    case "orchestratorKey": {
      if (!caller.client) {
        throw badRequest(
          "client_id_required",
          "x-orchestrator-key must come with x-client-id: the client ID of the linked platform the secure payment is created for",
        );
      }
      if (!(await isLinked(caller.orchestratorId, caller.client.clientIdId))) {
        throw forbidden(
          "client_id_not_linked",
          "This client ID is not linked to your orchestrator (no active link): the platform must link it before you can create secure payments for it",
        );
      }
      return {
        platformId: caller.client.platformId,
        clientIdId: caller.client.clientIdId,
        orchestratorId: caller.orchestratorId,
      };
    }
    case "none":
      throw unauthorized();
  }
}

/** The platform a reader acts for (API key, client ID, session). */
export function readerPlatform(caller: Caller): string {
  if (caller.kind === "apiKey" || caller.kind === "clientId" || caller.kind === "session") return caller.platformId;
  throw unauthorized();
}
