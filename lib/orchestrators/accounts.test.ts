import { describe, expect, it } from "vitest";
import * as links from "@/app/v2/orchestrators/links/route";
import { call } from "../test/http";
import { createOrchestrator, issueOrchestratorKey, listOrchestrators, revokeOrchestratorKey } from "./accounts";

const list = (key: string) => call(links, "GET", "/v2/orchestrators/links", { headers: { "x-orchestrator-key": key } });

describe("orchestrator accounts", () => {
  it("an operator creates an orchestrator whose key authenticates at once and is stored only hashed", async () => {
    const o = await createOrchestrator("  Acme  ");
    expect(o.name).toBe("Acme");
    expect(o.key).toMatch(/^slo_/);
    expect((await list(o.key)).status).toBe(200);
    const listed = (await listOrchestrators()).find((x) => x.orchestratorId === o.orchestratorId)!;
    expect(JSON.stringify(listed)).not.toContain(o.key);
    expect(listed.keys[0].prefix).toBe(o.key.slice(0, listed.keys[0].prefix.length));
  });

  it("rotates keys: a second key works, revoking the first stops only the first", async () => {
    const o = await createOrchestrator("Rotator");
    const second = (await issueOrchestratorKey(o.orchestratorId))!;
    expect((await list(second.key)).status).toBe(200);
    expect(await revokeOrchestratorKey(o.keyId)).toBe(true);
    expect((await list(o.key)).status).toBe(401);
    expect((await list(second.key)).status).toBe(200);
    expect(await revokeOrchestratorKey(o.keyId)).toBe(false);
  });

  it("refuses unknown ids and empty names", async () => {
    expect(await issueOrchestratorKey("00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await issueOrchestratorKey("nope")).toBeNull();
    expect(await revokeOrchestratorKey("nope")).toBe(false);
    await expect(createOrchestrator("   ")).rejects.toThrow(/1 to 100/);
  });
});
