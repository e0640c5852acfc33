// A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
// schema on the PostgreSQL server named by TEST_DATABASE_URL (the CI's real server).
import { randomBytes } from "node:crypto";
import { type Database, openPglite, openPostgres } from "./client";
import { migrate } from "./migrate";

export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openPglite();
    await migrate(database);
    return database;
  }
  return (await createTestSchema(url)).open();
}

/**
 * A schema of its own on the PostgreSQL server at `url`, created now; `open` opens it migrated,
 * and closing that database drops the schema (and its job queue's). The name is returned for a
 * test whose child process must open the same schema.
 */
export async function createTestSchema(url: string): Promise<{ schema: string; open: () => Promise<Database> }> {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  const open = async (): Promise<Database> => {
    const database = await openPostgres(url, schema);
    await migrate(database);
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP SCHEMA "${schema}" CASCADE`);
        await c.query(`DROP SCHEMA IF EXISTS "${database.jobsSchema}" CASCADE`);
        await c.end();
      },
    };
  };
  return { schema, open };
}
