// What /health reports: is the database reachable, and which build is this.
import { getDatabase } from "../db/client";
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
    return { status: "degraded", version: APP_VERSION, database: { status: "down", kind: null, latencyMs: null, error: "database unreachable" } };
  }
}
