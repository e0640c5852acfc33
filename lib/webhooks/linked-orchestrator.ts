// Which orchestrator a client ID is linked to, for the owner of a test event (an event of the
// client ID reaches its orchestrator's endpoints too). Orchestrators own the links and emit events
// through webhooks, so webhooks cannot import them: lib/wiring/webhook-owners.ts hands the reader
// in, and every operation runs through lib/api/route.ts, which loads it first.

export type LinkedOrchestratorReader = (clientIdId: string) => Promise<string | null>;

let reader: LinkedOrchestratorReader | null = null;

/** The composition root's one call (lib/wiring/webhook-owners.ts). */
export function setLinkedOrchestratorReader(read: LinkedOrchestratorReader): void {
  reader = read;
}

export function linkedOrchestratorOf(clientIdId: string): Promise<string | null> {
  if (!reader)
    throw new Error(
      "The linked-orchestrator reader is not registered: import lib/wiring/webhook-owners.ts in the process's start-up path",
    );
  return reader(clientIdId);
}
