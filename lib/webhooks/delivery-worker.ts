// Webhook delivery in a worker process (docs/decisions/webhooks-outbox-batch-engine.md): claims
// due deliveries in batches straight from webhook_deliveries (no job
// per delivery), sends them over keep-alive connections with at most `perEndpoint` requests in
// flight per endpoint, and records finished attempts in batches. Woken by the outbox's NOTIFY
// (new events, at most one per 100 ms from each process; resends), every 50 ms for a second
// after a claim found work, by freed slots when due deliveries waited for one, at
// the due time of the retries it recorded, and by a poll (1 s), which also ends the leases of
// dead workers' claims. Several processes share the work: claims skip each
// other's locked rows.
import type { Database } from "../db/client";
import { coalesced } from "../jobs/coalesced";
import { log } from "../log";
import { type AttemptOptions, type Finished, recordAttempts, sendClaimed } from "./attempt-delivery";
import { type Claimed, claimDeliveries, endExpiredLeases } from "./claim-deliveries";
import { attemptLeaseSeconds, DELIVERY_TIMING } from "./delivery-policy";
import { NOTIFY_GAP_MS, OUTBOX_CHANNEL } from "./emit-event";
import { defaultOutboundPolicy } from "./outbound-policy";

export interface DeliveryWorkerOptions extends Partial<AttemptOptions> {
  /** Attempts in flight at once in this process. */
  concurrency?: number;
  /** Attempts in flight at once per endpoint in this process, so a slow receiver cannot take every slot. */
  perEndpoint?: number;
  pollMs?: number;
}

export interface DeliveryWorker {
  stop(): Promise<void>;
}

/** Finished attempts recorded per statement at most. */
const RECORD_BATCH = 500;

/**
 * After a claim that found work (and after starting), the worker looks again every HOT_POLL_MS
 * until HOT_MS pass without any: a process sends the outbox NOTIFY at most once per
 * NOTIFY_GAP_MS (emit-event.ts), so the events it commits in between are found by this poll.
 * HOT_MS is ten times that gap, room for the transactions still open when the NOTIFY came.
 */
const HOT_MS = 10 * NOTIFY_GAP_MS;
const HOT_POLL_MS = 50;

/**
 * Lets the sockets' waiting I/O run before the next database round: embedded PostgreSQL
 * answers inside the event loop, so back-to-back queries would starve the attempts in flight
 * (docs/decisions/webhooks-timing-in-process.md). Attempts finishing meanwhile
 * join the batch.
 */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function startDeliveryWorker(
  database: Database,
  opts: DeliveryWorkerOptions = {},
): Promise<DeliveryWorker> {
  const attempt: AttemptOptions = {
    timing: opts.timing ?? DELIVERY_TIMING,
    policy: opts.policy ?? defaultOutboundPolicy(),
    ca: opts.ca,
  };
  const concurrency = opts.concurrency ?? 256;
  const perEndpoint = opts.perEndpoint ?? 32;
  const pollMs = opts.pollMs ?? 1000;
  const minClaim = Math.max(1, Math.floor(concurrency / 8));
  const leaseSeconds = attemptLeaseSeconds(attempt.timing);

  let stopped = false;
  let inFlight = 0;
  const perEndpointInFlight = new Map<string, number>();
  const finished: Finished[] = [];
  let recording = 0; // attempts taken by a record statement that has not ended
  let dueTimer: NodeJS.Timeout | undefined;
  let hotTimer: NodeJS.Timeout | undefined;
  let lastFoundAt = Date.now(); // a claim found work (or the worker started)
  // Every retry time this worker recorded, ascending (10 ms buckets): a single timer for the
  // earliest would forget a later one set while it waits, leaving that retry to the poll.
  const dueTimes: number[] = [];

  const armDueTimer = () => {
    clearTimeout(dueTimer);
    if (stopped || dueTimes.length === 0) return;
    dueTimer = setTimeout(
      () => {
        const now = Date.now();
        while (dueTimes.length > 0 && dueTimes[0] <= now) dueTimes.shift();
        claimer.trigger();
        armDueTimer();
      },
      Math.max(0, dueTimes[0] - Date.now()),
    );
    dueTimer.unref();
  };

  const wakeAt = (at: Date) => {
    const t = Math.ceil(at.getTime() / 10) * 10;
    let i = dueTimes.findIndex((x) => x >= t);
    if (i === -1) i = dueTimes.length;
    else if (dueTimes[i] === t) return;
    dueTimes.splice(i, 0, t);
    if (i === 0) armDueTimer();
  };

  const start = (c: Claimed) => {
    inFlight++;
    perEndpointInFlight.set(c.endpointId, (perEndpointInFlight.get(c.endpointId) ?? 0) + 1);
    void sendClaimed(c, attempt).then((f) => {
      inFlight--;
      const n = perEndpointInFlight.get(c.endpointId)! - 1;
      if (n === 0) perEndpointInFlight.delete(c.endpointId);
      else perEndpointInFlight.set(c.endpointId, n);
      finished.push(f);
      recorder.trigger();
      // Freed slots matter only if due deliveries were left for want of one; they are claimed
      // a few at a time, not one claim per finished attempt.
      if (starved && (concurrency - inFlight >= minClaim || (perEndpointInFlight.get(c.endpointId) ?? 0) === 0))
        claimer.trigger();
    });
  };

  // True while due deliveries wait for a slot of this worker (overall or their endpoint's).
  let starved = false;
  const claimer = coalesced(
    async () => {
      await yieldToIo();
      starved = false;
      while (!stopped) {
        const free = concurrency - inFlight;
        if (free <= 0) {
          starved = true; // a finishing attempt claims again
          return;
        }
        const endpointSlots = new Map([...perEndpointInFlight].map(([id, n]) => [id, perEndpoint - n]));
        const r = await claimDeliveries({ limit: free, endpointSlots, perEndpoint, timing: attempt.timing });
        for (const c of r.claimed) start(c);
        if (r.seen > 0) lastFoundAt = Date.now();
        if (r.passedOver > 0) starved = true;
        if (r.seen < r.window) {
          // Nothing else is due now: the NOTIFY, a retry's time or the poll wakes it, and while
          // hot, the next look in HOT_POLL_MS.
          if (!stopped && Date.now() - lastFoundAt < HOT_MS && !hotTimer) {
            hotTimer = setTimeout(() => {
              hotTimer = undefined;
              claimer.trigger();
            }, HOT_POLL_MS);
            hotTimer.unref();
          }
          return;
        }
      }
    },
    (err) => log.warn({ err: err.message }, "webhook delivery: claim failed"),
  );

  const recorder = coalesced(
    async () => {
      await yieldToIo();
      while (finished.length > 0) {
        const batch = finished.splice(0, RECORD_BATCH);
        recording += batch.length;
        try {
          await recordAttempts(batch);
        } catch (err) {
          // Kept for the next try; if this process dies first, the leases run out and the
          // attempts count as interrupted (at least once, never lost).
          finished.unshift(...batch);
          throw err;
        } finally {
          recording -= batch.length;
        }
        // A retry became due at a time this worker knows: wake for it.
        for (const f of batch) if (f.state.outcome.kind === "retry") wakeAt(f.state.outcome.at);
      }
    },
    (err) => log.warn({ err: err.message }, "webhook delivery: recording attempts failed"),
  );

  const unlisten = await database.listen(OUTBOX_CHANNEL, claimer.trigger).catch((err: Error) => {
    log.warn({ err: err.message }, "webhook outbox: LISTEN unavailable, polling only");
    return async () => undefined;
  });
  const poll = setInterval(() => {
    endExpiredLeases(leaseSeconds)
      .then((n) => {
        if (n > 0) log.warn({ deliveries: n }, "webhook delivery: leases of a stopped worker ended");
      })
      .catch((err: Error) => log.warn({ err: err.message }, "webhook delivery: ending expired leases failed"))
      .finally(() => {
        claimer.trigger();
        recorder.trigger();
      });
  }, pollMs);
  poll.unref();
  claimer.trigger();

  return {
    async stop() {
      // A clean stop finishes and records the attempts it is running, and claims no more.
      stopped = true;
      claimer.stop();
      clearInterval(poll);
      clearTimeout(dueTimer);
      clearTimeout(hotTimer);
      await unlisten();
      const deadline = Date.now() + attempt.timing.attemptTimeoutMs + 5_000;
      while (
        (inFlight > 0 || finished.length > 0 || recording > 0 || recorder.busy || claimer.busy) &&
        Date.now() < deadline
      ) {
        if (finished.length > 0 && !recorder.busy) recorder.trigger();
        await new Promise((r) => setTimeout(r, 10));
      }
      recorder.stop();
    },
  };
}
