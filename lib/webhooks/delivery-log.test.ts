import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { DELIVERY_LOG_RETENTION_DAYS, purgeDeliveryLog } from "./delivery-log";
import { confirmedPayment, emitInTransaction, platformWithEndpoints } from "./webhook-fixtures";

describe("the delivery log's retention", () => {
  it("drops finished events past the retention, keeps recent ones and any still pending", async () => {
    const p = await platformWithEndpoints("http://127.0.0.1:9/a");
    const prisma = await db();
    const old = new Date(Date.now() - (DELIVERY_LOG_RETENTION_DAYS + 1) * 24 * 60 * 60_000);
    const [finished, pending, recent] = [
      await emitInTransaction(confirmedPayment(p.owner)),
      await emitInTransaction(confirmedPayment(p.owner)),
      await emitInTransaction(confirmedPayment(p.owner)),
    ];
    await prisma.webhookEvent.updateMany({
      where: { id: { in: [finished.eventId, pending.eventId] } },
      data: { createdAt: old },
    });
    await prisma.webhookDelivery.updateMany({
      where: { eventId: { in: [finished.eventId, recent.eventId] } },
      data: { status: "delivered" },
    });
    expect(await purgeDeliveryLog()).toBe(1);
    const left = await prisma.webhookEvent.findMany({
      where: { id: { in: [finished.eventId, pending.eventId, recent.eventId] } },
    });
    expect(left.map((e) => e.id).sort()).toEqual([pending.eventId, recent.eventId].sort());
    expect(await prisma.webhookDelivery.count({ where: { eventId: finished.eventId } })).toBe(0);
  });
});
