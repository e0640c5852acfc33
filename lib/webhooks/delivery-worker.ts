// Webhook delivery in a worker process: the relay (outbox → job queue), woken by the outbox's
// NOTIFY at every commit and by a poll, and the consumer that runs one attempt per job.
import type PgBoss from "pg-boss";
import type { Database } from "../db/client";
import { coalesced } from "../jobs/coalesced";
import { consume, type Consumer } from "../jobs/consume";
import { log } from "../log";
import { attemptDelivery, type AttemptOptions } from "./attempt-delivery";
import { attemptLeaseSeconds, DELIVERY_TIMING } from "./delivery-policy";
import { OUTBOX_CHANNEL } from "./emit-event";
import { defaultOutboundPolicy } from "./outbound-policy";
import { DELIVERY_QUEUE, relayPending, type DeliveryJob } from "./relay";

export interface DeliveryWorkerOptions extends Partial<AttemptOptions> {
  /** Attempts in flight at once in this process. */
  concurrency?: number;
  pollMs?: number;
}

export interface DeliveryWorker {
  stop(): Promise<void>;
}

export async function startDeliveryWorker(boss: PgBoss, database: Database, opts: DeliveryWorkerOptions = {}): Promise<DeliveryWorker> {
  const attempt: AttemptOptions = { timing: opts.timing ?? DELIVERY_TIMING, policy: opts.policy ?? defaultOutboundPolicy(), ca: opts.ca };
  const pollMs = opts.pollMs ?? 1000;
  await boss.createQueue(DELIVERY_QUEUE, { name: DELIVERY_QUEUE, policy: "standard", expireInSeconds: attemptLeaseSeconds(attempt.timing) });

  let stopped = false;
  const relayer = coalesced(
    async () => {
      for (;;) {
        const r = await relayPending(boss, attempt.timing);
        const now = Date.now();
        for (const at of r.dueAt) {
          if (at.getTime() <= now) consumer.wake();
          else consumer.wakeAt(at);
        }
        if (r.count < 500 || stopped) break;
      }
    },
    (err) => log.warn({ err: err.message }, "webhook relay failed"),
  );
  const relay = relayer.trigger;

  const consumer: Consumer = consume<DeliveryJob>(boss, DELIVERY_QUEUE, { concurrency: opts.concurrency ?? 32, pollMs }, async (job) => {
    const outcome = await attemptDelivery(job.data.deliveryId, job.id, attempt);
    if (outcome.kind === "retry") relay();
  });

  const unlisten = await database.listen(OUTBOX_CHANNEL, relay).catch((err: Error) => {
    log.warn({ err: err.message }, "webhook outbox: LISTEN unavailable, polling only");
    return async () => undefined;
  });
  const poll = setInterval(relay, pollMs);
  poll.unref();
  relay();

  return {
    async stop() {
      stopped = true;
      relayer.stop();
      clearInterval(poll);
      await unlisten();
      await consumer.stop();
      while (relayer.busy) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
