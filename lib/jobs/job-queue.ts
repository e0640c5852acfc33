// The job queue of a process: one pg-boss on the application's own database (PGlite through
// pg-boss's `db` option, or the PostgreSQL pool), its tables in their own schema.
import PgBoss from "pg-boss";
import type { Database } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { log } from "../log";

export interface JobQueueOptions {
  /** How often an instance looks for jobs whose worker died (active past their expiry). */
  maintenanceIntervalSeconds?: number;
}

/** Starts a pg-boss on `database`, creating or migrating its schema. */
export async function startJobQueue(database: Database, opts: JobQueueOptions = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: database.jobsSchema,
    migrate: true,
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 5,
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 7,
  });
  boss.on("error", (err) => log.warn({ err: (err as Error).message }, "job queue error"));
  await boss.start();
  return boss;
}

/**
 * pg-boss's `db` option bound to a Prisma transaction: jobs sent with it are created if and
 * only if the transaction commits. The process must have started a job queue (its schema and
 * the job's queue must exist).
 */
export function inTransaction(tx: Prisma.TransactionClient): PgBoss.Db {
  return { executeSql: async (text: string, values: unknown[] = []) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }) };
}
