// Runs a queue's jobs with up to `concurrency` at once. pg-boss's own work() waits for a whole
// batch before fetching again, so one slow job would
// hold up the others; here every finished job frees its slot at once.
import type PgBoss from "pg-boss";
import { log } from "../log";
import { coalesced } from "./coalesced";

export interface ConsumeOptions {
  concurrency: number;
  /** Fallback polling, for jobs created by other processes or re-queued by maintenance. */
  pollMs: number;
}

export interface Consumer {
  /** Look for jobs now (one was just created). */
  wake(): void;
  /** Look for jobs at `at` (a job becomes due then). */
  wakeAt(at: Date): void;
  /** Stops fetching and waits up to `timeoutMs` for the running jobs. */
  stop(timeoutMs?: number): Promise<void>;
  readonly running: number;
}

export function consume<T extends object>(
  boss: PgBoss,
  queue: string,
  opts: ConsumeOptions,
  handler: (job: PgBoss.Job<T>) => Promise<void>,
): Consumer {
  let running = 0;
  let stopped = false;
  const timers = new Map<number, NodeJS.Timeout>();

  const run = (job: PgBoss.Job<T>) => {
    running++;
    handler(job)
      .then(
        () => boss.complete(queue, job.id),
        (err: Error) => {
          log.warn({ queue, jobId: job.id, err: err.message }, "job failed");
          return boss.fail(queue, job.id, { message: err.message });
        },
      )
      .catch((err: Error) => log.warn({ queue, jobId: job.id, err: err.message }, "could not record job result"))
      .finally(() => {
        running--;
        pump();
      });
  };

  const fetcher = coalesced(
    async () => {
      while (!stopped && running < opts.concurrency) {
        const jobs = await boss.fetch<T>(queue, { batchSize: opts.concurrency - running });
        if (jobs.length === 0) break;
        for (const job of jobs) run(job);
      }
    },
    (err) => log.warn({ queue, err: err.message }, "job fetch failed"),
  );
  const pump = fetcher.trigger;

  const poll = setInterval(pump, opts.pollMs);
  poll.unref();
  pump();

  return {
    wake: pump,
    wakeAt(at) {
      // One timer per 10 ms slot; pg-boss compares start_after < now(), so wake just after.
      const slot = Math.ceil(at.getTime() / 10) * 10 + 5;
      if (timers.has(slot) || stopped) return;
      const t = setTimeout(
        () => {
          timers.delete(slot);
          pump();
        },
        Math.max(0, slot - Date.now()),
      );
      t.unref();
      timers.set(slot, t);
    },
    async stop(timeoutMs = 10_000) {
      stopped = true;
      fetcher.stop();
      clearInterval(poll);
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      const deadline = Date.now() + timeoutMs;
      while ((running > 0 || fetcher.busy) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    },
    get running() {
      return running;
    },
  };
}
