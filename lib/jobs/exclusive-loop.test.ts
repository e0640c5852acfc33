// Work run "on one instance at a time": two job queues on the same database stand for two
// processes; the work runs about once per slot, never twice at once, and goes on when one
// instance stops.
import { afterAll, describe, expect, it } from "vitest";
import { getDatabase } from "../db/client";
import { type ExclusiveLoop, runExclusively } from "./exclusive-loop";
import { startJobQueue } from "./job-queue";

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

describe("runExclusively", () => {
  it("runs once per slot across instances, never overlapping, and survives an instance stopping", async () => {
    const database = await getDatabase();
    const runs: { instance: string; start: number; end: number }[] = [];
    let running = 0;
    let overlaps = 0;
    const work = (instance: string) => async () => {
      running++;
      if (running > 1) overlaps++;
      const start = Date.now();
      await new Promise((r) => setTimeout(r, 1300)); // longer than a slot: the next must wait
      runs.push({ instance, start, end: Date.now() });
      running--;
    };
    const loops: ExclusiveLoop[] = [];
    for (const instance of ["a", "b"]) {
      const boss = await startJobQueue(database, { maintenanceIntervalSeconds: 1 });
      stops.push(() => boss.stop({ graceful: false, close: false }));
      loops.push(await runExclusively(boss, "exclusive-test", 1000, work(instance)));
    }
    await new Promise((r) => setTimeout(r, 5500));
    const before = runs.length;
    // Back to back at best (5.5 s / 1.3 s), never two at once, however many instances ask.
    expect(before).toBeGreaterThanOrEqual(3);
    expect(before).toBeLessThanOrEqual(5);
    for (let i = 1; i < runs.length; i++) expect(runs[i].start).toBeGreaterThanOrEqual(runs[i - 1].end);
    expect(overlaps).toBe(0);

    await loops[0].stop(); // instance a goes away; b carries on alone
    const stoppedAt = Date.now();
    await new Promise((r) => setTimeout(r, 4000));
    const after = runs.filter((r) => r.start > stoppedAt);
    expect(after.length).toBeGreaterThanOrEqual(2);
    expect(after.every((r) => r.instance === "b")).toBe(true);
    await loops[1].stop();
    expect(overlaps).toBe(0);
  }, 30_000);
});
