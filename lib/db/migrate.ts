// Applies prisma/migrations/* in order and records them in Prisma's `_prisma_migrations`
// table, so `prisma migrate deploy` run elsewhere agrees with what we applied.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database, SqlSession } from "./client";

const LOCK_ID = 727_073_690; // any constant; serialises migrators sharing one PostgreSQL

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = path.join(process.cwd(), "prisma", "migrations")): Migration[] {
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

async function applyPending(s: SqlSession, migrations: Migration[]): Promise<string[]> {
  await s.exec(CREATE_TABLE);
  const rows = await s.query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
  const done: string[] = [];
  for (const m of migrations) {
    const checksum = applied.get(m.name);
    if (checksum !== undefined) {
      if (checksum !== m.checksum) {
        throw new Error(
          `Migration ${m.name} was changed after it was applied; add a new migration instead of editing it`,
        );
      }
      continue;
    }
    await s.exec("BEGIN");
    try {
      await s.exec(m.sql);
      await s.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
        [randomUUID(), m.checksum, m.name],
      );
      await s.exec("COMMIT");
    } catch (err) {
      await s.exec("ROLLBACK");
      throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
    }
    done.push(m.name);
  }
  return done;
}

/** Returns the names of the migrations it applied. */
export async function migrate(database: Database, migrations = readMigrations()): Promise<string[]> {
  return database.session(async (s) => {
    await s.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    try {
      return await applyPending(s, migrations);
    } finally {
      await s.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]);
    }
  });
}
