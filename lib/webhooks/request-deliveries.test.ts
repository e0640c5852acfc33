// A request's page lists the webhook deliveries about it: its platform's only, no test events.
import { describe, expect, it } from "vitest";
import { createTestOrchestrator } from "../orchestrators/fixtures";
import { exampleEvent } from "./example-events";
import { createOrchestratorEndpoint } from "./orchestrator-endpoints";
import { deliveriesAboutRequest } from "./request-deliveries";
import { confirmedPayment, emitInTransaction, platformWithEndpoints } from "./webhook-fixtures";

describe("deliveries about a request", () => {
  it("lists the platform's deliveries of events naming the request, newest first, without test events or an orchestrator's", async () => {
    const p = await platformWithEndpoints("http://127.0.0.1:9/a", "http://127.0.0.1:9/b");
    const o = await createTestOrchestrator();
    await createOrchestratorEndpoint(o.orchestratorId, "http://127.0.0.1:9/orch");
    const event = confirmedPayment({ ...p.owner, orchestratorId: o.orchestratorId });
    const requestId = event.payload.requestId;
    const emitted = await emitInTransaction(event);
    expect(emitted.deliveries).toHaveLength(3); // two platform endpoints and the orchestrator's
    await emitInTransaction(confirmedPayment(p.owner)); // another request
    await emitInTransaction({ ...exampleEvent("payment.confirmed", p.owner), isTest: true });

    const shown = await deliveriesAboutRequest(p.platformId, requestId);
    expect(shown.map((d) => d.endpoint.id).sort()).toEqual(p.endpoints.map((e) => e.id).sort());
    expect(shown[0]).toMatchObject({
      event: "payment.confirmed",
      status: "pending",
      attemptCount: 0,
      endpoint: { clientIdId: p.clientIdId },
    });
    const other = await platformWithEndpoints("http://127.0.0.1:9/c");
    expect(await deliveriesAboutRequest(other.platformId, requestId)).toEqual([]);
  });
});
