import { z } from "zod";
import { defineEndpoint } from "../api/route";
import { reply } from "../api/reply";
import { checkHealth } from "./check-health";

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

export const getHealth = defineEndpoint({
  method: "GET",
  path: "/health",
  summary: "Service health",
  description: "Reports whether the database is reachable and the running version. 503 when the database is down.",
  tags: ["Health"],
  auth: [],
  rateLimit: false,
  response: healthSchema,
  errors: { 503: "The database is unreachable" },
  handler: async () => {
    const health = await checkHealth();
    return reply(health.database.status === "up" ? 200 : 503, health);
  },
});
