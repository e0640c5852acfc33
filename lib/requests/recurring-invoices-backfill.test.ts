// The migration that made recurring invoices recur: invoices stored before it become originals
// whose next occurrence is the first period after now; recurring payouts' requests and
// requests naming an original do not.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getDatabase } from "../db/client";
import { readMigrations } from "../db/migrate";
import { insertTestSchedule } from "../recurring/fixtures";
import { createTestPlatform } from "../test/fixtures";
import { createRequest } from "./create-request";
import { findRequest } from "./request-store";

const backfill = () => {
  const migration = readMigrations().find((m) => m.name.endsWith("_recurring_invoice_occurrences"))!;
  const sql = readFileSync(`prisma/migrations/${migration.name}/migration.sql`, "utf8");
  return sql.slice(sql.indexOf("UPDATE"));
};

describe("the recurring-invoice migration's backfill", () => {
  it("makes earlier recurring invoices originals due from the next period on, and nothing else", async () => {
    const { platformId } = await createTestPlatform();
    const at = new Date("2020-01-01T00:00:00Z"); // created long ago, as the validation then allowed
    const input = {
      amount: "10",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    };
    const monthly = await createRequest(
      { platformId, clientIdId: null, now: at },
      { ...input, recurrence: { startDate: "2020-01-31", frequency: "MONTHLY" } },
    );
    const future = await createRequest(
      { platformId, clientIdId: null },
      { ...input, recurrence: { startDate: "2099-01-01", frequency: "WEEKLY" } },
    );
    const follower = await createRequest(
      { platformId, clientIdId: null },
      { ...input, recurrence: { startDate: "2099-01-01", frequency: "WEEKLY" }, originalRequestId: future.requestId },
    );
    const payout = await insertTestSchedule(platformId);

    await (await getDatabase()).executeSql(backfill());

    const now = new Date();
    const m = (await findRequest(platformId, monthly.requestId))!;
    expect(m.nextOccurrenceAt!.getTime()).toBeGreaterThan(now.getTime());
    expect(m.nextOccurrenceAt!.getTime()).toBeLessThan(now.getTime() + 32 * 86_400_000);
    expect(m.nextOccurrenceAt!.getUTCDate()).toBe(
      Math.min(
        31,
        new Date(Date.UTC(m.nextOccurrenceAt!.getUTCFullYear(), m.nextOccurrenceAt!.getUTCMonth() + 1, 0)).getUTCDate(),
      ),
    );
    expect(await findRequest(platformId, future.requestId)).toMatchObject({
      nextOccurrence: 1,
      nextOccurrenceAt: new Date("2099-01-08T00:00:00Z"),
    });
    expect(await findRequest(platformId, follower.requestId)).toMatchObject({ nextOccurrence: null });
    expect(await findRequest(platformId, payout.requestId)).toMatchObject({ nextOccurrence: null });
  });
});
