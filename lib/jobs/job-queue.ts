// The job queue of a process: one pg-boss on the application's own database (PGlite through
// pg-boss's `db` option, or the PostgreSQL pool), its tables in their own schema.
import PgBoss from "pg-boss";
import type { Database } from "../db/client";
import { exclusively } from "../db/exclusive";
import { log } from "../log";

export interface JobQueueOptions {
  /** How often an instance looks for jobs whose worker died (active past their expiry). */
  maintenanceIntervalSeconds?: number;
}

/**
 * pg-boss's `create_queue` creates a partition of its job table; two at once (the detection
 * loops of one process, or two processes starting together) deadlock on the table's locks. So
 * queues are created one after another across every process (lib/db/exclusive.ts); a queue
 * that exists already is left as it is.
 */
function createsQueue(text: string): boolean {
  return text.includes(".create_queue(");
}

/** Starts a pg-boss on `database`, creating or migrating its schema. */
export async function startJobQueue(database: Database, opts: JobQueueOptions = {}): Promise<PgBoss> {
  const executeSql = (text: string, values?: unknown[]) => database.executeSql(text, values);
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        createsQueue(text)
          ? exclusively(database, "job-queues", () => executeSql(text, values))
          : executeSql(text, values),
    },
    schema: database.jobsSchema,
    migrate: true,
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 5,
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 7,
  });
  boss.on("error", (err) => log.warn({ err: (err as Error).message }, "job queue error"));
  // Installing or migrating pg-boss's schema: one process at a time, the others then find it done.
  await exclusively(database, "job-queue-schema", () => boss.start());
  return boss;
}
