// Work that runs every `everyMs` on exactly one instance at a time, across all processes that
// share the database — e.g. one chain indexer per network. Built on two pg-boss rules:
// - a `stately` queue holds at most one active job, so two runs never overlap;
// - sends throttled by `singletonSeconds` create at most one job per time slot, so however
//   many instances ask, the work runs once per slot.
// Every instance asks each slot; whichever fetches the job runs it. An instance that dies
// mid-run leaves its job active until `maxRunSeconds`, after which it fails and the next slot
// runs elsewhere.
// With `rerun`, the instance that finished a run asks for the next one at once, outside the
// slots (the stately queue still keeps it to one): work that holds its job for a while, like
// payment detection following new heads, then hands over without a gap.
import type PgBoss from "pg-boss";
import { log } from "../log";
import { consume } from "./consume";

export interface ExclusiveLoop {
  stop(): Promise<void>;
}

export async function runExclusively(
  boss: PgBoss,
  name: string,
  everyMs: number,
  fn: () => Promise<void>,
  opts: { maxRunSeconds?: number; rerun?: boolean } = {},
): Promise<ExclusiveLoop> {
  const slotSeconds = Math.max(1, Math.round(everyMs / 1000));
  let stopped = false;
  await boss.createQueue(name, {
    name,
    policy: "stately",
    retryLimit: 0,
    expireInSeconds: opts.maxRunSeconds ?? Math.max(60, slotSeconds * 2),
  });
  const consumer = consume(boss, name, { concurrency: 1, pollMs: Math.min(everyMs, 5000) }, async () => {
    await fn();
    // Queued while this run is still active: fetched as soon as it completes. A failed run
    // waits for the next slot instead.
    if (opts.rerun && !stopped) await ask(false);
  });
  const ask = (throttled = true) =>
    boss
      .send(name, {}, throttled ? { singletonSeconds: slotSeconds } : {})
      .then((id) => id && consumer.wake())
      .catch((err: Error) => log.warn({ job: name, err: err.message }, "could not schedule job"));
  void ask();
  // Asking twice a slot keeps the gap between runs close to `everyMs` whatever the phase.
  const timer = setInterval(ask, Math.max(500, (slotSeconds * 1000) / 2));
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await consumer.stop();
    },
  };
}
