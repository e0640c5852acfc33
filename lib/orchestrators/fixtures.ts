// Test helpers for orchestrators and dashboard sessions, built from the product's functions.
import { randomBytes } from "node:crypto";
import { createSession } from "../auth/sessions";
import { db } from "../db/client";
import { createOrchestrator } from "./accounts";

export async function createTestOrchestrator(name = "Test orchestrator") {
  const o = await createOrchestrator(name);
  return { orchestratorId: o.orchestratorId, orchestratorKey: o.key, orchestratorKeyId: o.keyId };
}

/** A signed-in dashboard user of the platform; `token` goes in `Authorization: Bearer`. */
export async function createTestSession(platformId: string) {
  const user = await (await db()).user.create({
    data: { platformId, email: `user-${randomBytes(6).toString("hex")}@example.com` },
  });
  const s = await createSession(user.id, "email");
  return { userId: user.id, token: s.token };
}
