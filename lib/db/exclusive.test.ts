// Start-up's one-at-a-time sections (exclusive.ts) and the job queues created through them:
// on PostgreSQL (TEST_DATABASE_URL) queues created side by side used to deadlock.

import type PgBoss from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { startJobQueue } from "../jobs/job-queue";
import { getDatabase } from "./client";
import { exclusively } from "./exclusive";

const bosses: PgBoss[] = [];
afterAll(async () => {
  for (const boss of bosses) await boss.stop({ graceful: false, close: false });
});

describe("exclusively", () => {
  it("runs sections of one name one after another, and a failing one does not block the next", async () => {
    const database = await getDatabase();
    let running = 0;
    let most = 0;
    const section = (fail: boolean) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 20));
      running--;
      if (fail) throw new Error("failed on purpose");
      return "done";
    };
    const results = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((i) => exclusively(database, "test-section", section(i === 2))),
    );
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled"]);
    expect(most).toBe(1);
  });

  it("lets two job queues start together and create the same and different queues side by side", async () => {
    const database = await getDatabase();
    const started = await Promise.all([startJobQueue(database), startJobQueue(database)]);
    bosses.push(...started);
    const names = Array.from({ length: 8 }, (_, i) => `side-by-side-${i}`);
    await Promise.all(
      started.flatMap((boss) => names.map((name) => boss.createQueue(name, { name, policy: "stately" }))),
    );
    const queues = (await started[0].getQueues()).map((q) => q.name);
    expect(queues).toEqual(expect.arrayContaining(names));
  });
});
