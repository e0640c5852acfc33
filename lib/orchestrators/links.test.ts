import { beforeAll, describe, expect, it } from "vitest";
import * as approve from "@/app/v1/orchestrator-links/[intentId]/approve/route";
import * as reject from "@/app/v1/orchestrator-links/[intentId]/reject/route";
import * as intent from "@/app/v1/orchestrator-links/[intentId]/route";
import * as clientIdLink from "@/app/v2/client-ids/[id]/orchestrator-link/route";
import * as clientIdItem from "@/app/v2/client-ids/[id]/route";
import * as linkItem from "@/app/v2/orchestrators/links/[linkId]/route";
import * as links from "@/app/v2/orchestrators/links/route";
import { createClientIdRecord } from "../client-ids/create-client-id";
import { getConfig } from "../config";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { revokeOrchestratorKey } from "./accounts";
import { findActiveLink, isLinked } from "./active-links";
import { createTestOrchestrator, createTestSession } from "./fixtures";
import { LINK_REQUEST_TTL_MS } from "./links";
import { onboardingKey } from "./onboarding-key";
import { createLinkRequest } from "./orchestrator-links";
import { listPlatformLinks } from "./platform-links";

const EVM = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";

type Orch = Awaited<ReturnType<typeof createTestOrchestrator>>;
type Platform = Awaited<ReturnType<typeof createTestPlatform>> & {
  session: Record<string, string>;
  key: Record<string, string>;
};

async function platform(name: string): Promise<Platform> {
  const p = await createTestPlatform(name);
  const s = await createTestSession(p.platformId);
  return { ...p, session: { authorization: `Bearer ${s.token}` }, key: { "x-api-key": p.apiKey } };
}

const ok = (o: Orch) => ({ "x-orchestrator-key": o.orchestratorKey });
const startOnboarding = (o: Orch, body: unknown = {}) =>
  call(links, "POST", "/v2/orchestrators/links", { headers: ok(o), body });
// The platform acts at the onboarding URL the orchestrator sent it, which carries the key.
// (null: without a key)
const approveAs = (p: Platform, intentId: string, clientId: string, key: string | null = onboardingKey(intentId)) =>
  call(approve, "POST", `/v1/orchestrator-links/${intentId}/approve`, {
    headers: p.session,
    body: { clientId, ...(key === null ? {} : { key }) },
    params: { intentId },
  });
const rejectAs = (p: Platform, intentId: string, key: string | null = onboardingKey(intentId)) =>
  call(reject, "POST", `/v1/orchestrator-links/${intentId}/reject`, {
    headers: p.session,
    body: key === null ? {} : { key },
    params: { intentId },
  });
const readIntent = (p: Platform, intentId: string, key: string | null = onboardingKey(intentId)) =>
  call(intent, "GET", `/v1/orchestrator-links/${intentId}${key === null ? "" : `?key=${encodeURIComponent(key)}`}`, {
    headers: p.session,
    params: { intentId },
  });
const linkDirect = (p: Platform, id: string, orchestratorId: string) =>
  call(clientIdLink, "POST", `/v2/client-ids/${id}/orchestrator-link`, {
    headers: p.key,
    body: { orchestratorId },
    params: { id },
  });
const unlink = (p: Platform, id: string) =>
  call(clientIdLink, "DELETE", `/v2/client-ids/${id}/orchestrator-link`, { headers: p.key, params: { id } });
const currentLink = (p: Platform, id: string) =>
  call(clientIdLink, "GET", `/v2/client-ids/${id}/orchestrator-link`, { headers: p.key, params: { id } });

let orch: Orch;
let rival: Orch;
beforeAll(async () => {
  orch = await createTestOrchestrator("Acme Orchestration");
  rival = await createTestOrchestrator("Rival Orchestration");
});

describe("the onboarding URL's key", () => {
  it("binds a pending request to whoever got its URL: the intent id alone (in events, lists, logs) lets no platform read, approve or reject it", async () => {
    const intended = await platform("intended");
    const other = await platform("got the intent id");
    const started = (await startOnboarding(orch, { externalId: "keyed" })).json;
    const key = new URL(started.onboardingUrl).searchParams.get("key")!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(key).not.toContain(started.intentId);
    const wrong = onboardingKey((await startOnboarding(orch)).json.intentId);

    for (const k of [null, wrong, "x".repeat(32)]) {
      expect((await readIntent(other, started.intentId, k)).status, String(k)).toBe(404);
      expect((await approveAs(other, started.intentId, other.clientId, k)).status, String(k)).toBeOneOf([400, 404]);
      expect((await rejectAs(other, started.intentId, k)).status, String(k)).toBeOneOf([400, 404]);
    }
    expect(
      (
        await call(linkItem, "GET", `/v2/orchestrators/links/${started.linkId}`, {
          headers: ok(orch),
          params: { linkId: started.linkId },
        })
      ).json.status,
    ).toBe("pending");

    const approved = await approveAs(intended, started.intentId, intended.clientId, key);
    expect(approved.status).toBe(200);
    expect(approved.json.clientId).toBe(intended.clientId);
    // Once approved, the link is the approving platform's, key or not, and nobody else's.
    expect((await readIntent(intended, started.intentId, null)).json.status).toBe("active");
    expect((await readIntent(other, started.intentId, key)).status).toBe(404);
  });

  it("is shown to the orchestrator in its own views of the link, and in no event", async () => {
    const started = (await startOnboarding(orch)).json;
    const listed = await call(links, "GET", "/v2/orchestrators/links", { headers: ok(orch) });
    expect(listed.json.find((l: { linkId: string }) => l.linkId === started.linkId).onboardingUrl).toBe(
      started.onboardingUrl,
    );
    const p = await platform("event check");
    await approveAs(p, started.intentId, p.clientId);
    const { db } = await import("../db/client");
    const events = await (await db()).webhookEvent.findMany({ where: { event: "client_id.linked" } });
    const ours = events.map((e) => JSON.stringify(e.payload)).filter((t) => t.includes(started.intentId));
    expect(ours).toHaveLength(1);
    expect(ours[0]).not.toContain(onboardingKey(started.intentId));
  });
});

describe("hosted onboarding", () => {
  it("links the client ID the platform picks, and the orchestrator sees it active", async () => {
    const p = await platform("onboarded");
    const started = await startOnboarding(orch, {
      externalId: "merchant-42",
      destinationWalletAddress: EVM.toLowerCase(),
      chain: "base",
      currency: "USDC",
    });
    expect(started.status).toBe(201);
    const { linkId, intentId } = started.json;
    expect(started.json).toMatchObject({
      orchestratorId: orch.orchestratorId,
      method: "hosted",
      status: "pending",
      clientId: null,
      externalId: "merchant-42",
      destinationWalletAddress: EVM,
      chain: "base",
      currency: "USDC",
      onboardingUrl: `${getConfig().APP_URL}/dashboard/links/${intentId}?key=${onboardingKey(intentId)}`,
    });
    expect(Date.parse(started.json.expiresAt) - Date.parse(started.json.createdAt)).toBe(LINK_REQUEST_TTL_MS);

    const shown = await readIntent(p, intentId);
    expect(shown.status).toBe(200);
    expect(shown.json).toMatchObject({
      orchestratorName: "Acme Orchestration",
      status: "pending",
      externalId: "merchant-42",
    });

    const approved = await approveAs(p, intentId, p.clientId);
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ linkId, intentId, status: "active", clientId: p.clientId });
    expect(Date.parse(approved.json.linkedAt)).toBeGreaterThan(Date.now() - 60_000);

    expect(await isLinked(orch.orchestratorId, p.clientIdId)).toBe(true);
    expect(await isLinked(rival.orchestratorId, p.clientIdId)).toBe(false);
    expect(await findActiveLink(p.clientIdId)).toMatchObject({
      linkId,
      intentId,
      orchestratorId: orch.orchestratorId,
      method: "hosted",
    });

    const mine = await call(links, "GET", "/v2/orchestrators/links?status=active&externalId=merchant-42", {
      headers: ok(orch),
    });
    expect(mine.json.map((l: { linkId: string }) => l.linkId)).toContain(linkId);
    const one = await call(linkItem, "GET", `/v2/orchestrators/links/${linkId}`, {
      headers: ok(orch),
      params: { linkId },
    });
    expect(one.json).toMatchObject({ status: "active", clientId: p.clientId });
    expect((await currentLink(p, p.clientIdId)).json.linkId).toBe(linkId);
  });

  it("accepts the client ID's internal id as well as its public value", async () => {
    const p = await platform("by internal id");
    const { intentId } = (await startOnboarding(orch)).json;
    const r = await approveAs(p, intentId, p.clientIdId);
    expect(r.json).toMatchObject({ status: "active", clientId: p.clientId });
  });

  it("is decided once: approved, rejected or withdrawn requests cannot be approved again", async () => {
    const p = await platform("decider");
    const a = (await startOnboarding(orch)).json.intentId;
    expect((await approveAs(p, a, p.clientId)).status).toBe(200);
    expect((await approveAs(p, a, p.clientId)).status).toBe(409);
    expect((await rejectAs(p, a)).status).toBe(409);

    const b = (await startOnboarding(orch)).json.intentId;
    const rejected = await rejectAs(p, b);
    expect(rejected.json.status).toBe("rejected");
    expect((await approveAs(p, b, p.clientId)).json.message).toMatch(/rejected/);

    const c = await startOnboarding(orch);
    const withdrawn = await call(linkItem, "DELETE", `/v2/orchestrators/links/${c.json.linkId}`, {
      headers: ok(orch),
      params: { linkId: c.json.linkId },
    });
    expect(withdrawn.json.status).toBe("cancelled");
    const late = await approveAs(p, c.json.intentId, p.clientId);
    expect(late.status).toBe(409);
    expect(late.json.message).toMatch(/withdrew/);
  });

  it("expires after 7 days unanswered", async () => {
    const p = await platform("slow");
    const old = await createLinkRequest(
      orch.orchestratorId,
      { externalId: "old" },
      new Date(Date.now() - LINK_REQUEST_TTL_MS - 1000),
    );
    const r = await approveAs(p, old.intentId, p.clientId);
    expect(r.status).toBe(410);
    expect((await readIntent(p, old.intentId)).json.status).toBe("expired");
    expect(await findActiveLink(p.clientIdId)).toBeNull();
  });

  it("only links the platform's own, active client ID", async () => {
    const p = await platform("owner");
    const stranger = await platform("stranger");
    const { intentId } = (await startOnboarding(orch)).json;
    const foreign = await approveAs(p, intentId, stranger.clientId);
    expect(foreign.status).toBe(404);
    expect(await findActiveLink(stranger.clientIdId)).toBeNull();

    const revoked = await createClientIdRecord(p.platformId, { label: "gone", allowedDomains: ["https://a.example"] });
    await call(clientIdItem, "DELETE", `/v2/client-ids/${revoked.id}`, { headers: p.key, params: { id: revoked.id } });
    expect((await approveAs(p, intentId, revoked.clientId)).status).toBe(409);

    const paused = await createClientIdRecord(p.platformId, { label: "paused", allowedDomains: ["https://a.example"] });
    await call(clientIdItem, "PUT", `/v2/client-ids/${paused.id}`, {
      headers: p.key,
      body: { status: "inactive" },
      params: { id: paused.id },
    });
    expect((await approveAs(p, intentId, paused.clientId)).status).toBe(409);

    expect((await readIntent(p, intentId)).json.status).toBe("pending");
  });

  it("keeps an approved link private to the approving platform", async () => {
    const p = await platform("approver");
    const other = await platform("onlooker");
    const { intentId } = (await startOnboarding(orch)).json;
    expect((await readIntent(other, intentId)).status).toBe(200); // the open request is readable by whoever holds its URL
    await approveAs(p, intentId, p.clientId);
    expect((await readIntent(other, intentId)).status).toBe(404);
    expect((await approveAs(other, intentId, other.clientId)).status).toBe(404);
    expect((await readIntent(p, intentId)).json.status).toBe("active");
  });

  it("relinks to the same orchestrator, and refuses a client ID linked to another one", async () => {
    const p = await platform("relinker");
    const first = (await startOnboarding(orch, { externalId: "v1" })).json;
    await approveAs(p, first.intentId, p.clientId);
    const second = (await startOnboarding(orch, { externalId: "v2" })).json;
    expect((await approveAs(p, second.intentId, p.clientId)).json.status).toBe("active");
    const old = await call(linkItem, "GET", `/v2/orchestrators/links/${first.linkId}`, {
      headers: ok(orch),
      params: { linkId: first.linkId },
    });
    expect(old.json.status).toBe("unlinked");
    expect((await findActiveLink(p.clientIdId))?.linkId).toBe(second.linkId);

    const poach = (await startOnboarding(rival)).json;
    const r = await approveAs(p, poach.intentId, p.clientId);
    expect(r.status).toBe(409);
    expect(r.json.message).toMatch(/Acme Orchestration/);
    expect(await isLinked(rival.orchestratorId, p.clientIdId)).toBe(false);
  });

  it("lets only one of two concurrent approvals for one client ID win", async () => {
    const p = await platform("race");
    const a = (await startOnboarding(orch)).json.intentId;
    const b = (await startOnboarding(rival)).json.intentId;
    const results = await Promise.all([approveAs(p, a, p.clientId), approveAs(p, b, p.clientId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.json.orchestratorId;
    expect(await isLinked(winner, p.clientIdId)).toBe(true);
  });

  it("validates the request details", async () => {
    const bad: [unknown, string][] = [
      [{ chain: "solana" }, "chain"],
      [{ chain: "tron", destinationWalletAddress: EVM }, "destinationWalletAddress"],
      [{ chain: "base", destinationWalletAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }, "destinationWalletAddress"],
      [{ destinationWalletAddress: "0xnope" }, "destinationWalletAddress"],
      [{ currency: "DOGE" }, "currency"],
      [{ chain: "tron", currency: "USDC-base" }, "currency"],
      [{ externalId: "" }, "externalId"],
      [{ externalId: "x".repeat(256) }, "externalId"],
      [{ externalId: "a\u0000b" }, "externalId"],
    ];
    for (const [body, field] of bad) {
      const r = await startOnboarding(orch, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(
      (
        await startOnboarding(orch, {
          chain: "tron",
          currency: "USDT",
          destinationWalletAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        })
      ).status,
    ).toBe(201);
    expect((await startOnboarding(orch, { currency: "USDC-base" })).status).toBe(201);
    expect((await call(links, "GET", "/v2/orchestrators/links?limit=0", { headers: ok(orch) })).status).toBe(400);
    expect((await call(links, "GET", "/v2/orchestrators/links?status=done", { headers: ok(orch) })).status).toBe(400);
  });
});

describe("direct links (by the platform)", () => {
  it("links, answers the same link when repeated, and unlinks", async () => {
    const p = await platform("direct");
    const r = await linkDirect(p, p.clientIdId, orch.orchestratorId);
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      method: "direct",
      status: "active",
      orchestratorId: orch.orchestratorId,
      orchestratorName: "Acme Orchestration",
      clientId: p.clientId,
      onboardingUrl: null,
    });
    const again = await linkDirect(p, p.clientIdId, orch.orchestratorId);
    expect(again.status).toBe(200);
    expect(again.json.linkId).toBe(r.json.linkId);
    expect(await isLinked(orch.orchestratorId, p.clientIdId)).toBe(true);

    const other = await linkDirect(p, p.clientIdId, rival.orchestratorId);
    expect(other.status).toBe(409);

    const gone = await unlink(p, p.clientIdId);
    expect(gone.json).toMatchObject({ linkId: r.json.linkId, status: "unlinked" });
    expect(await isLinked(orch.orchestratorId, p.clientIdId)).toBe(false);
    expect((await unlink(p, p.clientIdId)).status).toBe(404);
    expect((await currentLink(p, p.clientIdId)).status).toBe(404);
    expect((await linkDirect(p, p.clientIdId, rival.orchestratorId)).status).toBe(201);
  });

  it("answers 404 for an unknown orchestrator and another platform's client ID", async () => {
    const p = await platform("careful");
    const victim = await platform("victim");
    expect((await linkDirect(p, p.clientIdId, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await linkDirect(p, p.clientIdId, "not-an-id")).status).toBe(404);
    expect((await linkDirect(p, victim.clientIdId, orch.orchestratorId)).status).toBe(404);
    expect(await findActiveLink(victim.clientIdId)).toBeNull();
  });

  it("ends when the client ID is revoked, and a revoked client ID cannot be linked", async () => {
    const p = await platform("revoker");
    await linkDirect(p, p.clientIdId, orch.orchestratorId);
    await call(clientIdItem, "DELETE", `/v2/client-ids/${p.clientIdId}`, {
      headers: p.key,
      params: { id: p.clientIdId },
    });
    expect(await isLinked(orch.orchestratorId, p.clientIdId)).toBe(false);
    const r = await linkDirect(p, p.clientIdId, orch.orchestratorId);
    expect(r.status).toBe(409);
    expect(r.json.message).toMatch(/revoked/);
  });

  it("can be ended by the orchestrator too", async () => {
    const p = await platform("dropped");
    const { linkId } = (await linkDirect(p, p.clientIdId, orch.orchestratorId)).json;
    const r = await call(linkItem, "DELETE", `/v2/orchestrators/links/${linkId}`, {
      headers: ok(orch),
      params: { linkId },
    });
    expect(r.json.status).toBe("unlinked");
    expect(await isLinked(orch.orchestratorId, p.clientIdId)).toBe(false);
    expect(
      (await call(linkItem, "DELETE", `/v2/orchestrators/links/${linkId}`, { headers: ok(orch), params: { linkId } }))
        .status,
    ).toBe(409);
  });
});

describe("a platform's links (the dashboard list)", () => {
  it("holds the platform's direct and approved hosted links, ended ones too, and nobody else's", async () => {
    const p = await platform("lister");
    const other = await platform("neighbour");
    const second = await createClientIdRecord(p.platformId, {
      label: "second",
      allowedDomains: ["https://b.example.com"],
    });
    expect(await listPlatformLinks(p.platformId)).toEqual([]);

    const direct = (await linkDirect(p, p.clientIdId, orch.orchestratorId)).json;
    const { intentId } = (await startOnboarding(rival, { externalId: "acct-9" })).json;
    await approveAs(p, intentId, second.clientId);
    await linkDirect(other, other.clientIdId, orch.orchestratorId);
    await createLinkRequest(orch.orchestratorId, {}); // pending: belongs to no platform yet
    await unlink(p, p.clientIdId);

    const list = await listPlatformLinks(p.platformId);
    expect(list.map((l) => [l.method, l.status, l.clientId])).toEqual([
      ["hosted", "active", second.clientId],
      ["direct", "unlinked", p.clientId],
    ]);
    expect(list[1].linkId).toBe(direct.linkId);
    expect(list[0]).toMatchObject({ intentId, externalId: "acct-9", orchestratorName: "Rival Orchestration" });
  });
});

describe("orchestrator keys", () => {
  it("a revoked key authenticates nothing, and one orchestrator never sees another's links", async () => {
    const o = await createTestOrchestrator("Short-lived");
    const { linkId } = (await startOnboarding(o)).json;
    expect(
      (await call(linkItem, "GET", `/v2/orchestrators/links/${linkId}`, { headers: ok(rival), params: { linkId } }))
        .status,
    ).toBe(404);
    const rivals = await call(links, "GET", "/v2/orchestrators/links", { headers: ok(rival) });
    expect(rivals.json.map((l: { linkId: string }) => l.linkId)).not.toContain(linkId);

    expect(await revokeOrchestratorKey(o.orchestratorKeyId)).toBe(true);
    expect((await call(links, "GET", "/v2/orchestrators/links", { headers: ok(o) })).status).toBe(401);
    expect((await startOnboarding(o)).status).toBe(401);
  });
});
