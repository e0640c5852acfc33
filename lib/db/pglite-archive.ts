// The embedded database as one file and back: PGlite's own dump of its data directory (a
// gzipped tar of PGDATA, `dumpDataDir`) and its own load (`loadDataDir`). Both open the
// directory themselves, so the caller must make sure no server has it open
// (lib/db/pglite-owner.ts, docs/decisions/backup-restore.md).
import fs from "node:fs/promises";
import { claimPgliteDir, releasePgliteDir } from "./pglite-owner";

type PGliteInstance = InstanceType<typeof import("@electric-sql/pglite").PGlite>;

/** The migrations applied to the database, oldest first (none when it was never migrated). */
async function appliedMigrations(pg: PGliteInstance): Promise<string[]> {
  const table = await pg.query<{ t: string | null }>(`SELECT to_regclass('"_prisma_migrations"')::text AS t`);
  if (!table.rows[0]?.t) return [];
  const rows = await pg.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );
  return rows.rows.map((r) => r.migration_name);
}

async function withPglite<T>(dir: string, options: { loadDataDir?: Blob }, fn: (pg: PGliteInstance) => Promise<T>) {
  const { PGlite } = await import("@electric-sql/pglite");
  const pg = new PGlite(dir, options);
  await pg.waitReady;
  claimPgliteDir(dir);
  try {
    return await fn(pg);
  } finally {
    await pg.close();
    releasePgliteDir(dir);
  }
}

/** A consistent dump of the database in `dir` (opened, dumped and closed here). */
export async function dumpPglite(dir: string): Promise<{ tarball: Buffer; migrations: string[] }> {
  return withPglite(dir, {}, async (pg) => {
    const migrations = await appliedMigrations(pg);
    const dump = await pg.dumpDataDir("gzip");
    return { tarball: Buffer.from(await dump.arrayBuffer()), migrations };
  });
}

/** Creates the database `dir` (which must not exist) from a dump of dumpPglite; returns its migrations. */
export async function loadPglite(dir: string, tarball: Buffer): Promise<string[]> {
  if (
    await fs.stat(dir).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`${dir} exists already`);
  return withPglite(dir, { loadDataDir: new Blob([new Uint8Array(tarball)]) }, appliedMigrations);
}
