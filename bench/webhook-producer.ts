// The producer side of the webhook bench: events committed one per transaction (as a web
// request's change would emit them) on an open-loop schedule — event i is started at
// t0 + i / rate whether or not the earlier ones have committed, so a slow commit shows as
// latency instead of lowering the rate. `produce` runs in the bench process (PGlite: one
// process) or, run as a script, in a child process of its own (PostgreSQL: several, as several
// web processes would), reporting to the parent over IPC.
import { db, openPostgres, setDatabaseFactory } from "../lib/db/client";
import { emitEvent } from "../lib/webhooks/emit-event";
import type { EventOwner } from "../lib/webhooks/events";
import { confirmedPayment } from "../lib/webhooks/webhook-fixtures";

export interface Schedule {
  rate: number; // events/s over all producers
  seconds: number;
  t0: number; // Date.now() of event 0
  shard: number; // this producer's events: i % shards === shard
  shards: number;
}

export interface Produced {
  /** delivery id → Date.now() at commit */
  committed: [string, number][];
  /** ms each event committed after its scheduled start */
  lagMs: number[];
  /** events whose transaction failed (no connection free in time: the producer fell behind) */
  failed: number;
}

export async function produce(owner: EventOwner, s: Schedule): Promise<Produced> {
  const prisma = await db();
  const out: Produced = { committed: [], lagMs: [], failed: 0 };
  const pending: Promise<void>[] = [];
  const total = Math.round(s.rate * s.seconds);
  for (let i = s.shard; i < total; i += s.shards) {
    const at = s.t0 + (i * 1000) / s.rate;
    const wait = at - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      // maxWait: behind schedule, events queue for a connection (lag) rather than fail at 2 s.
      prisma
        .$transaction((tx) => emitEvent(tx, confirmedPayment(owner)), { maxWait: 30_000 })
        .then(
          (e) => {
            const now = Date.now();
            out.lagMs.push(now - at);
            for (const d of e.deliveries) out.committed.push([d.id, now]);
          },
          (err: Error) => {
            if (out.failed++ === 0) console.error(`webhook producer: ${err.message.split("\n").at(-1)}`);
          },
        ),
    );
  }
  await Promise.all(pending);
  return out;
}

// As a child process: BENCH_PRODUCER = JSON { url, schema, owner }, then the schedule by IPC.
if (process.env.BENCH_PRODUCER && process.send) {
  const { url, schema, owner } = JSON.parse(process.env.BENCH_PRODUCER) as {
    url: string;
    schema: string;
    owner: EventOwner;
  };
  const database = await openPostgres(url, schema);
  setDatabaseFactory(async () => database);
  // Connected and warmed up (the client's first transactions are slow) before the schedule starts.
  const prisma = await db();
  await Promise.all(
    Array.from({ length: 20 }, () => prisma.$transaction((tx) => tx.$queryRaw`SELECT 1`, { maxWait: 30_000 })),
  );
  process.once("message", (s: Schedule) => {
    void produce(owner, s).then(async (r) => {
      process.send!(r, () => undefined);
      await database.close();
      process.disconnect();
    });
  });
  process.send("ready");
}
