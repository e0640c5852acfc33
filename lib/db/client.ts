// One database handle per process: Prisma over PGlite (embedded, the default) or over a
// PostgreSQL pool (DATABASE_URL). Raw SQL goes through the same Prisma adapter so that
// PGlite's single connection is never shared outside its transaction discipline.
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "../config";
import { PrismaClient } from "./generated/client";
import { claimPgliteDir, releasePgliteDir } from "./pglite-owner";

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
  /**
   * Raw SQL outside Prisma, in the shape pg-boss's `db` option wants: parameters when given,
   * otherwise the text may hold several statements (the rows are the last statement's).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  /** Schema of the job queue's tables (pg-boss), beside the application's. */
  jobsSchema: string;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (sent at commit); resolves,
   * once listening, to an unsubscribe. On PostgreSQL the connection may drop: `onLost` is called
   * then (notifications may be missed until `onReconnected`), and it is re-opened every second.
   */
  listen(channel: string, onNotify: (payload: string) => void, events?: ListenEvents): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface ListenEvents {
  onLost?: () => void;
  onReconnected?: () => void;
}

export async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir);
  await pg.waitReady;
  if (dataDir) claimPgliteDir(dataDir);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pg) });
  const s: SqlSession = {
    exec: async (sql) => void (await pg.exec(sql)),
    query: async <T>(sql: string, params: unknown[] = []) => (await pg.query<T>(sql, params)).rows,
  };
  return {
    kind: "pglite",
    prisma,
    // PGlite has a single connection: a session is the database itself.
    session: (fn) => fn(s),
    executeSql: async (text, values) => {
      if (values && values.length > 0) return { rows: (await pg.query(text, values)).rows };
      const results = await pg.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    jobsSchema: "pgboss",
    listen: async (channel, onNotify) => {
      const unsubscribe = await pg.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!pg.closed) await unsubscribe();
      };
    },
    ping: async () => void (await pg.query("select 1")),
    close: async () => {
      await prisma.$disconnect();
      await pg.close();
      if (dataDir) releasePgliteDir(dataDir);
    },
  };
}

/** `?schema=name` on a postgres URL selects the schema, as with Prisma's own URLs. */
export function splitSchemaParam(url: string): { url: string; schema?: string } {
  const u = new URL(url);
  const schema = u.searchParams.get("schema") ?? undefined;
  if (schema === undefined) return { url };
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema))
    throw new Error("DATABASE_URL: the schema parameter must be a plain identifier");
  u.searchParams.delete("schema");
  return { url: u.toString(), schema };
}

export async function openPostgres(url: string, schemaArg?: string): Promise<Database> {
  const pgMod = await import("pg");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const split = splitSchemaParam(url);
  const connectionString = split.url;
  const schema = schemaArg ?? split.schema;
  const options = schema ? `-c search_path=${schema}` : undefined;
  // connectionTimeoutMillis: while PostgreSQL is unreachable a query fails within seconds
  // (answered 503) instead of waiting; the pool opens new connections when it is back.
  const pool = new pgMod.default.Pool({ connectionString, options, max: 10, connectionTimeoutMillis: 5000 });
  // An idle connection that PostgreSQL closes (restart, failover) is an event, not a crash.
  pool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, schema ? { schema } : undefined) });
  const listeners = new Set<{ stop: () => Promise<void> }>();
  return {
    kind: "postgres",
    prisma,
    session: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn({
          exec: async (sql) => void (await client.query(sql)),
          query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    executeSql: async (text, values) => {
      const result = (await pool.query(text, values)) as unknown;
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last as { rows?: unknown[] } | undefined)?.rows ?? [] };
    },
    jobsSchema: schema ? `${schema}_pgboss` : "pgboss",
    listen: async (channel, onNotify, events = {}) => {
      // LISTEN needs a connection of its own; a lost one is re-opened every second until it is back.
      let client: InstanceType<typeof pgMod.default.Client> | undefined;
      let stopped = false;
      const connect = async (): Promise<void> => {
        if (stopped) return;
        const c = new pgMod.default.Client({ connectionString, options });
        let lost = false;
        c.on("notification", (n) => n.channel === channel && onNotify(n.payload ?? ""));
        // An error, or the server ending the connection (a restart, an idle timeout): lost.
        const gone = () => {
          if (lost || stopped) return;
          lost = true;
          void c.end().catch(() => undefined);
          if (client !== c) return; // still connecting: connect() rejects, its caller retries
          client = undefined;
          events.onLost?.();
          setTimeout(reconnect, 1000).unref();
        };
        c.on("error", gone);
        c.on("end", gone);
        try {
          await c.connect();
          await c.query(`LISTEN "${channel.replace(/"/g, "")}"`);
        } catch (err) {
          lost = true;
          void c.end().catch(() => undefined);
          throw err;
        }
        client = c;
      };
      const reconnect = () =>
        void connect().then(
          () => !stopped && events.onReconnected?.(),
          () => !stopped && setTimeout(reconnect, 1000).unref(),
        );
      await connect();
      const handle = {
        stop: async () => {
          stopped = true;
          listeners.delete(handle);
          await client?.end().catch(() => undefined);
        },
      };
      listeners.add(handle);
      return handle.stop;
    },
    ping: async () => void (await pool.query("select 1")),
    close: async () => {
      for (const l of [...listeners]) await l.stop();
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

const globalDb = globalThis as unknown as {
  __stablelinkDb?: Promise<Database>;
  __stablelinkDbFactory?: () => Promise<Database>;
};

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
