// The owner of a secure payment's events: its platform, the client ID it was created with
// (internal id for routing, public value for payloads) and the orchestrator fixed at creation.
import { clientIdsByIds } from "../client-ids";
import type { EventOwner } from "../webhooks";
import type { StoredSecurePayment } from "./secure-payment-store";

export async function eventOwnerOf(
  sp: Pick<StoredSecurePayment, "platformId" | "clientIdId" | "orchestratorId">,
): Promise<EventOwner> {
  const client = sp.clientIdId ? (await clientIdsByIds([sp.clientIdId])).get(sp.clientIdId) : undefined;
  return {
    platformId: sp.platformId,
    clientIdId: client ? sp.clientIdId : null,
    clientId: client?.clientId ?? null,
    orchestratorId: sp.orchestratorId,
  };
}
