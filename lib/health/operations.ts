import { z } from "zod";
import { defineOperation } from "../http/operation";
import { reply } from "../http/reply";
import { APP_VERSION } from "../version";
import { timestamp } from "../zod/timestamp";
import { checkHealth, checkReadiness } from "./check-health";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.object({
    status: z.enum(["up", "down"]),
    kind: z.enum(["pglite", "postgres"]).nullable(),
    latencyMs: z.number().nullable(),
    error: z.string().optional(),
  }),
});

export const getHealth = defineOperation({
  method: "GET",
  path: "/health",
  summary: "Service health",
  description: "Reports whether the database is reachable and the running version. 503 when the database is down.",
  tags: ["Health"],
  auth: [],
  rateLimit: false,
  response: healthSchema,
  alsoAnswers: { 503: "The database is unreachable (the same body, database status down)" },
  handler: async () => {
    const health = await checkHealth();
    return reply(health.database.status === "up" ? 200 : 503, health);
  },
});

export const getLiveness = defineOperation({
  method: "GET",
  path: "/health/live",
  summary: "Liveness",
  description:
    "For a load balancer or orchestrator: 200 while the process serves HTTP, without touching the database (a database outage must not get every process restarted). Restart the process when it stops answering.",
  tags: ["Health"],
  auth: [],
  rateLimit: false,
  response: z.object({ status: z.literal("alive"), version: z.string() }),
  handler: async () => ({ status: "alive" as const, version: APP_VERSION }),
});

const readinessSchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  database: z.enum(["up", "down"]),
  migrations: z
    .enum(["applied", "pending", "unknown"])
    .describe("Every migration of this build is applied (unknown while the database is down)"),
  workers: z
    .enum(["off", "starting", "running", "stopped"])
    .describe("Background workers in this process; off when RUN_WORKERS=false"),
  booted: z.boolean().describe("Start-up (migrations, workers, demo seed) finished"),
  draining: z.boolean().describe("SIGTERM received: in-flight requests finish, no new ones are taken"),
  rpc: z
    .record(
      z.string(),
      z.array(
        z.object({
          host: z.string().describe("The provider's host (never its path or query, which may hold an API key)"),
          status: z
            .enum(["ok", "failing", "lagging", "unknown"])
            .describe(
              "ok: its last call was answered; failing: its last call failed (it is tried after the others for a while); lagging: answering, but its head is more than 10 blocks behind the best provider's; unknown: not called yet",
            ),
          lastError: z.enum(["unreachable", "timeout", "rate-limited", "http-error", "rpc-error"]).nullable(),
          lastErrorAt: timestamp.nullable(),
          lastOkAt: timestamp.nullable(),
          latencyMs: z.number().nullable().describe("Latency of its last answered call"),
          head: z.string().nullable().describe("The newest head it reported (decimal block number)"),
          behind: z
            .number()
            .nullable()
            .describe(
              "Blocks behind the best head among this network's providers (heads reported in the last 30 s; null otherwise)",
            ),
        }),
      ),
    )
    .describe(
      "Per EVM network this process has called: each RPC provider (RPC_URL_<NETWORK>, in configured order) as this process saw it. Informational: it does not change status",
    ),
});

export const getReadiness = defineOperation({
  method: "GET",
  path: "/health/ready",
  summary: "Readiness",
  description:
    "For a load balancer: 200 when this process should get requests — the database answers, every migration is applied, start-up finished, the background workers run where configured (RUN_WORKERS) and the process is not draining after SIGTERM. 503 otherwise, with the same body saying which check failed.",
  tags: ["Health"],
  auth: [],
  rateLimit: false,
  response: readinessSchema,
  alsoAnswers: { 503: "Not ready (the same body; see which field)" },
  handler: async () => {
    const readiness = await checkReadiness();
    return reply(
      readiness.status === "ready" ? 200 : 503,
      readiness,
      readiness.status === "ready" ? {} : { headers: { "retry-after": "5" } },
    );
  },
});
