import { describe, expect, it } from "vitest";
import { createClientIdRecord } from "../client-ids/create-client-id";
import { db } from "../db/client";
import { createTestPlatform } from "../test/fixtures";
import { createPlatformEndpoint, getPlatformEndpoint, setPlatformEndpointActive } from "./client-id-endpoints";
import { deliveryCountsSince, endpointCountsByClientId } from "./endpoint-summaries";
import { confirmedPayment, emitInTransaction, platformWithEndpoints } from "./webhook-fixtures";

describe("webhook summaries of the dashboard", () => {
  it("counts each client ID's active and total endpoints, only the platform's own", async () => {
    const p = await createTestPlatform();
    const second = await createClientIdRecord(p.platformId, {
      label: "second",
      allowedDomains: ["https://b.example.com"],
    });
    const other = await platformWithEndpoints("http://127.0.0.1:9/other");
    const a = await createPlatformEndpoint({ id: p.clientIdId, platformId: p.platformId }, "http://127.0.0.1:9/a");
    await createPlatformEndpoint({ id: p.clientIdId, platformId: p.platformId }, "http://127.0.0.1:9/b");
    await setPlatformEndpointActive({ platformId: p.platformId }, a.id, false);

    const counts = await endpointCountsByClientId(p.platformId);
    expect(counts).toEqual({ [p.clientIdId]: { active: 1, total: 2 } });
    expect(counts[second.id]).toBeUndefined();
    expect(counts[other.clientIdId]).toBeUndefined();
  });

  it("counts an endpoint's deliveries by status since a time, not older ones", async () => {
    const p = await platformWithEndpoints("http://127.0.0.1:9/a", "http://127.0.0.1:9/b");
    const [a, b] = p.endpoints.map((e) => e.id);
    const before = new Date(Date.now() - 1000);
    const [delivered, failed] = [
      await emitInTransaction(confirmedPayment(p.owner)),
      await emitInTransaction(confirmedPayment(p.owner)),
    ];
    await emitInTransaction(confirmedPayment(p.owner));
    const prisma = await db();
    await prisma.webhookDelivery.updateMany({ where: { eventId: delivered.eventId }, data: { status: "delivered" } });
    await prisma.webhookDelivery.updateMany({
      where: { eventId: failed.eventId, endpointId: a },
      data: { status: "failed" },
    });

    expect(await deliveryCountsSince([a, b], before)).toEqual({
      [a]: { pending: 1, delivered: 1, failed: 1 },
      [b]: { pending: 2, delivered: 1, failed: 0 },
    });
    expect(await deliveryCountsSince([a], new Date(Date.now() + 1000))).toEqual({
      [a]: { pending: 0, delivered: 0, failed: 0 },
    });
    expect(await deliveryCountsSince([], before)).toEqual({});
  });

  it("reads one endpoint of a client ID, and another client ID's endpoint as not found", async () => {
    const p = await platformWithEndpoints("http://127.0.0.1:9/mine");
    const other = await platformWithEndpoints("http://127.0.0.1:9/theirs");
    expect(await getPlatformEndpoint(p.clientIdId, p.endpoints[0].id)).toMatchObject({
      id: p.endpoints[0].id,
      url: "http://127.0.0.1:9/mine",
      isActive: true,
      clientId: p.clientId,
    });
    await expect(getPlatformEndpoint(p.clientIdId, other.endpoints[0].id)).rejects.toMatchObject({ status: 404 });
    await expect(getPlatformEndpoint(p.clientIdId, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
  });
});
