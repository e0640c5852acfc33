// One database handle per process: Prisma over PGlite (embedded, the default) or over a
// PostgreSQL pool (DATABASE_URL). Raw SQL goes through the same Prisma adapter so that
// PGlite's single connection is never shared outside its transaction discipline.
import fs from "node:fs";
import path from "node:path";
import { PrismaClient } from "./generated/client";
import { getConfig } from "../config";

export type Prisma = InstanceType<typeof PrismaClient>;

/** A session for statements that must share one connection (migrations, advisory locks). */
export interface SqlSession {
  exec(sql: string): Promise<void>; // may hold several statements, no parameters
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  kind: "pglite" | "postgres";
  prisma: Prisma;
  /** Runs `fn` on one dedicated connection. */
  session<T>(fn: (s: SqlSession) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir);
  await pg.waitReady;
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pg) });
  const s: SqlSession = {
    exec: async (sql) => void (await pg.exec(sql)),
    query: async <T,>(sql: string, params: unknown[] = []) => (await pg.query<T>(sql, params)).rows,
  };
  return {
    kind: "pglite",
    prisma,
    // PGlite has a single connection: a session is the database itself.
    session: (fn) => fn(s),
    ping: async () => void (await pg.query("select 1")),
    close: async () => {
      await prisma.$disconnect();
      await pg.close();
    },
  };
}

export async function openPostgres(url: string, schema?: string): Promise<Database> {
  const pgMod = await import("pg");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const options = schema ? `-c search_path=${schema}` : undefined;
  const pool = new pgMod.default.Pool({ connectionString: url, options, max: 10 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, schema ? { schema } : undefined) });
  return {
    kind: "postgres",
    prisma,
    session: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn({
          exec: async (sql) => void (await client.query(sql)),
          query: async <T,>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    ping: async () => void (await pool.query("select 1")),
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

const globalDb = globalThis as unknown as { __stablelinkDb?: Promise<Database>; __stablelinkDbFactory?: () => Promise<Database> };

/** The process-wide database, opened on first use from the configuration. */
export function getDatabase(): Promise<Database> {
  globalDb.__stablelinkDb ??= (() => {
    if (globalDb.__stablelinkDbFactory) return globalDb.__stablelinkDbFactory();
    const config = getConfig();
    return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite(path.join(config.DATA_DIR, "pglite"));
  })();
  return globalDb.__stablelinkDb;
}

export async function db(): Promise<Prisma> {
  return (await getDatabase()).prisma;
}

/** Tests install a factory for their own database (in-memory PGlite or a throwaway schema), opened on first use. */
export function setDatabaseFactory(factory: (() => Promise<Database>) | undefined): void {
  globalDb.__stablelinkDbFactory = factory;
  globalDb.__stablelinkDb = undefined;
}

/** The database if one was opened, without opening one. */
export function openedDatabase(): Promise<Database> | undefined {
  return globalDb.__stablelinkDb;
}
