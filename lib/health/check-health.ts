// What /health reports: is the database reachable, and which build is this; and what the load
// balancer's readiness check (/health/ready) needs on top.
import { processState, type WorkersState } from "../boot/process-state";
import { rpcHealth } from "../chains/clients";
import type { EvmNetworkId } from "../chains/networks";
import type { ProviderReport } from "../chains/rpc-health";
import { getConfig } from "../config";
import { type Database, getDatabase } from "../db/client";
import { readMigrations } from "../db/migrate";
import { APP_VERSION } from "../version";

export interface Health {
  status: "ok" | "degraded";
  version: string;
  database: { status: "up" | "down"; kind: "pglite" | "postgres" | null; latencyMs: number | null; error?: string };
}

export async function checkHealth(): Promise<Health> {
  const started = performance.now();
  try {
    const database = await getDatabase();
    await database.ping();
    return {
      status: "ok",
      version: APP_VERSION,
      database: { status: "up", kind: database.kind, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
    };
  } catch {
    return {
      status: "degraded",
      version: APP_VERSION,
      database: { status: "down", kind: null, latencyMs: null, error: "database unreachable" },
    };
  }
}

export interface Readiness {
  status: "ready" | "not_ready";
  database: "up" | "down";
  migrations: "applied" | "pending" | "unknown";
  workers: WorkersState;
  booted: boolean;
  draining: boolean;
  rpc: Partial<Record<EvmNetworkId, ProviderReport[]>>;
}

// Applied migrations are never un-applied: once all are there, later checks only ping.
let migrationsApplied = false;

async function pendingMigrations(database: Database): Promise<number> {
  const rows = await database.session((s) =>
    s.query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    ),
  );
  const applied = new Set(rows.map((r) => r.migration_name));
  return readMigrations().filter((m) => !applied.has(m.name)).length;
}

/**
 * Whether a load balancer should send this process requests: the database answers, every
 * migration is applied, start-up finished, the workers run where configured, and no SIGTERM.
 */
export async function checkReadiness(): Promise<Readiness> {
  const state = processState();
  let database: Readiness["database"] = "down";
  let migrations: Readiness["migrations"] = "unknown";
  try {
    const db = await getDatabase();
    await db.ping();
    database = "up";
    if (!migrationsApplied) migrationsApplied = (await pendingMigrations(db)) === 0;
    migrations = migrationsApplied ? "applied" : "pending";
  } catch {
    // reported as database down / migrations unknown
  }
  const workersOk = state.workers === "running" || (state.workers === "off" && !getConfig().RUN_WORKERS);
  const ready = database === "up" && migrations === "applied" && state.booted && workersOk && !state.draining;
  return {
    status: ready ? "ready" : "not_ready",
    database,
    migrations,
    workers: state.workers,
    booted: state.booted,
    draining: state.draining,
    rpc: rpcHealth(),
  };
}
