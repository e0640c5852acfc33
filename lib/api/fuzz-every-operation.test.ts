// Thousands of seeded requests at every registered operation (the payment page's /pay/{token}/…
// ones included), through the same wrapper the server runs, with every kind of credential and
// real ids among junk ones: never a 5xx, every error in the documented shape
// {statusCode, message, error}. e2e/api-fuzz.spec.ts does the same through the real server
// (its HTTP edge, Next's routing, raw bytes); this one is cheap enough per request to reach
// the bulk of the count. The seed is printed; FUZZ_SEED=<seed> replays it.
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetConfigForTests } from "../config";
import { type Operation } from "../http/operation";
import { OPERATIONS } from "../openapi/registry";
import { createTestOrchestrator, createTestSession } from "../orchestrators/fixtures";
import { createLinkRequest } from "../orchestrators/orchestrator-links";
import { registerTestDestination } from "../payee-destinations/fixtures";
import { createSecurePayment } from "../secure-payments/create-secure-payment";
import { createTestPlatform, createTestWalletSession, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { createPlatformEndpoint } from "../webhooks/client-id-endpoints";
import { createOrchestratorEndpoint } from "../webhooks/orchestrator-endpoints";
import { routeHandlers } from "./route";

const RUNS = Number(process.env.FUZZ_IN_PROCESS_REQUESTS ?? 7_500);

let world: { ids: string[]; headers: Record<string, string>[] };

// As in the e2e server: the fuzz's own guesses must not spend the budget of its valid calls.
beforeAll(() => {
  process.env.RATE_LIMIT_PER_MINUTE = "1000000";
  resetConfigForTests();
});
afterAll(() => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
  resetConfigForTests();
});

beforeAll(async () => {
  const p = await createTestPlatform("fuzzed everywhere", { webhookRegistrationByClientId: true });
  const o = await createTestOrchestrator("fuzzed orchestrator");
  const s = await createTestSession(p.platformId);
  const ws = await createTestWalletSession(p.platformId);
  const d = await registerTestDestination(p.platformId);
  const sp = await createSecurePayment(
    { platformId: p.platformId, clientIdId: p.clientIdId, orchestratorId: null },
    { requests: [{ destinationId: d.destinationId, amount: "1" }] },
  );
  const hook = await createPlatformEndpoint({ id: p.clientIdId, platformId: p.platformId }, "http://127.0.0.1:9/fuzz");
  const orchHook = await createOrchestratorEndpoint(o.orchestratorId, "http://127.0.0.1:9/fuzz-orch");
  const link = await createLinkRequest(o.orchestratorId, {});
  world = {
    ids: [
      p.clientIdId,
      p.clientId,
      p.apiKeyId,
      sp.token,
      hook.id,
      orchHook.webhook.id,
      link.intentId,
      link.linkId,
      d.destinationId,
      o.orchestratorId,
    ],
    headers: [
      {},
      { "x-api-key": p.apiKey },
      { "x-client-id": p.clientId, origin: TEST_ORIGIN },
      { "x-client-id": p.clientId, origin: "https://evil.example" },
      { authorization: `Bearer ${s.token}` },
      { cookie: `session_token=${s.token}`, origin: "http://localhost:3000" },
      { cookie: `session_token=${s.token}`, origin: "https://evil.example" },
      { authorization: `Bearer ${ws.token}`, "x-client-id": p.clientId, origin: TEST_ORIGIN },
      { "x-orchestrator-key": o.orchestratorKey, "x-client-id": p.clientId },
      { "x-orchestrator-key": o.orchestratorKey },
      { "x-api-key": "slk_guess" },
      { authorization: "Bearer sls_guess" },
    ],
  };
});

const junk = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "",
    "0x",
    "0x" + "f".repeat(40),
    "T" + "1".repeat(33),
    "-1",
    "1e309",
    "NaN",
    "null",
    "\u0000",
    "<script>",
    "💸",
    "a".repeat(300),
    "true",
    "2026-01-01T00:00:00Z",
    "base",
    "USDC-base",
  ),
);
const value = fc.oneof(junk, fc.jsonValue({ maxDepth: 2 }));
const KEYS = [
  "amount",
  "url",
  "address",
  "label",
  "allowedDomains",
  "payee",
  "email",
  "password",
  "signature",
  "nonce",
  "network",
  "requests",
  "clientId",
  "key",
  "isActive",
  "eventType",
  "destinationId",
  "invoiceCurrency",
  "paymentCurrency",
  "userEvent",
  "status",
  "orchestratorId",
  "webhookRegistrationByClientId",
];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 5 }),
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ maxLength: 50 }),
);
const QUERY_KEYS = [
  "network",
  "symbol",
  "id",
  "wallet",
  "amount",
  "limit",
  "offset",
  "clientId",
  "key",
  "cursor",
  "status",
  "event",
  "permanent",
  "walletAddress",
  "txHash",
  "requestId",
  "fromDate",
];

function urlOf(e: Operation, params: Record<string, string>, query: Record<string, string>): string {
  const path = e.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? "x"));
  const qs = new URLSearchParams(query).toString();
  return `${path}${qs ? `?${qs}` : ""}`;
}

it("malformed requests at every operation never produce a 5xx, and errors keep their shape", async () => {
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
  console.log(`in-process fuzz seed ${seed} (replay with FUZZ_SEED=${seed})`);
  // What can end the world's credentials (revoking keys and client IDs, logout) goes last, so
  // every other operation is reached with them alive.
  const destructive = (e: Operation) => (e.method === "DELETE" ? 1 : 0) + (e.path === "/v1/auth/logout" ? 2 : 0);
  const routes = [...OPERATIONS]
    .sort((a, b) => destructive(a) - destructive(b))
    .map((e) => ({ e, route: routeHandlers(e) }));
  const idArb = fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...world.ids) }, { weight: 2, arbitrary: junk });
  // Mostly a credential the operation accepts (so requests reach validation and handlers), else any.
  const ACCEPTS: Record<string, number[]> = {
    apiKey: [1],
    clientId: [2, 3],
    session: [4, 5, 6],
    walletSession: [7],
    orchestratorKey: [8, 9],
  };
  const sample = (e: Operation) => {
    const fitting = e.auth.flatMap((k) => ACCEPTS[k] ?? []);
    return fc.record({
      param: idArb,
      query: fc.dictionary(fc.constantFrom(...QUERY_KEYS), fc.oneof(junk, fc.constantFrom(...world.ids)), {
        maxKeys: 3,
      }),
      headers: fitting.length
        ? fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...fitting) },
            { weight: 1, arbitrary: fc.nat(world.headers.length - 1) },
          )
        : fc.nat(world.headers.length - 1),
      body: fc.option(body, { nil: undefined, freq: 5 }),
    });
  };
  // Every operation gets its share, in a seeded order.
  const perEndpoint = Math.ceil(RUNS / routes.length);
  const statuses: Record<number, number> = {};
  let sent = 0;
  const started = Date.now();
  for (const [i, { e, route }] of routes.entries()) {
    for (const r of fc.sample(sample(e), { numRuns: perEndpoint, seed: seed + i })) {
      const params = Object.fromEntries([...e.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], r.param]));
      const bodyless = e.method === "GET" || (e.method === "DELETE" && !e.body);
      const res = await call(route, e.method, urlOf(e, params, r.query), {
        headers: world.headers[r.headers],
        params,
        body: bodyless ? undefined : r.body,
      });
      sent += 1;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const what = `${e.method} ${e.path} params=${JSON.stringify(params)} query=${JSON.stringify(r.query)} headers#${r.headers} body=${JSON.stringify(r.body)?.slice(0, 200)} (seed ${seed})`;
      // Readiness answers 503 with its report by design until the process has booted (none boots here).
      const notReady =
        e.path === "/health/ready" &&
        res.status === 503 &&
        (res.json as { status?: string } | undefined)?.status === "not_ready";
      if (!notReady) expect(res.status, `${what} → ${res.text.slice(0, 300)}`).toBeLessThan(500);
      if (res.status >= 400 && !notReady)
        expect(res.json, what).toMatchObject({
          statusCode: res.status,
          message: expect.any(String),
          error: expect.any(String),
        });
    }
  }
  console.log(
    `in-process fuzz: ${sent} requests over ${routes.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${JSON.stringify(statuses)}`,
  );
  expect(sent).toBeGreaterThanOrEqual(RUNS);
});
