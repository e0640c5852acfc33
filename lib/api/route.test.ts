// The route wrapper, exercised through operations defined here for the purpose.

import net from "node:net";
import { createPublicClient, http } from "viem";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { systemAuditContext } from "../audit";
import { revokeApiKey } from "../auth/api-keys";
import { createSession } from "../auth/sessions";
import { resetConfigForTests } from "../config";
import { db } from "../db/client";
import { defineOperation } from "../http/operation";
import { reply } from "../http/reply";
import { createTestPlatform, createTestWalletSession, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { eachTestInItsOwnMinute } from "../test/own-minute";
import { routeHandlers, unknownPathHandlers } from "./route";

let runs = 0;
const echo = defineOperation({
  method: "POST",
  path: "/v2/echo",
  summary: "echo",
  tags: ["Test"],
  auth: ["apiKey", "clientId", "session"],
  scope: "payments",
  body: z.object({ amount: z.string().regex(/^\d+$/, "must be digits"), note: z.string().max(5).optional() }),
  response: z.strictObject({
    amount: z.string(),
    caller: z.string(),
    run: z.number(),
    big: z.codec(z.bigint(), z.string().regex(/^\d+$/), { decode: (n) => n.toString(), encode: (s) => BigInt(s) }),
  }),
  handler: async ({ body, caller }) => {
    runs += 1;
    return { amount: body.amount, caller: caller.kind, run: runs, big: 10n ** 30n };
  },
});
const withParams = defineOperation({
  method: "GET",
  path: "/v2/items/{itemId}",
  summary: "params",
  tags: ["Test"],
  auth: ["apiKey"],
  params: z.object({ itemId: z.string().regex(/^[0-9a-f]{4}$/, "must be 4 hex characters") }),
  query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }),
  response: z.strictObject({ itemId: z.string(), limit: z.number() }),
  handler: async ({ params, query }) => reply(200, { itemId: params.itemId, limit: query.limit }),
});
const boom = defineOperation({
  method: "GET",
  path: "/v2/boom",
  summary: "fails",
  tags: ["Test"],
  auth: ["apiKey"],
  handler: async () => {
    throw new Error("secret internal detail");
  },
});
const dbGone = defineOperation({
  method: "GET",
  path: "/v2/db-gone",
  summary: "fails as a query does when PostgreSQL goes away",
  tags: ["Test"],
  auth: ["apiKey"],
  handler: async () => {
    throw new Error("Connection terminated unexpectedly");
  },
});
const dbGoneRoute = routeHandlers(dbGone);
/** A chain RPC nothing listens on any more: the port the kernel handed out, closed again. */
async function closedRpcUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((done) => server.close(done));
  return `http://127.0.0.1:${port}`;
}
const chainDown = defineOperation({
  method: "GET",
  path: "/v2/chain-down",
  summary: "reads a chain whose RPC is down",
  tags: ["Test"],
  auth: ["apiKey"],
  response: z.strictObject({ block: z.string() }),
  handler: async () => {
    const client = createPublicClient({ transport: http(await closedRpcUrl(), { retryCount: 0 }) });
    return reply(200, { block: String(await client.getBlockNumber()) });
  },
});
const chainDownRoute = routeHandlers(chainDown);
const whoAmI = defineOperation({
  method: "GET",
  path: "/v2/who",
  summary: "wallet sessions only",
  tags: ["Test"],
  auth: ["walletSession"],
  response: z.looseObject({ kind: z.string() }),
  handler: async ({ caller }) => ({ ...caller }),
});
const open = defineOperation({
  method: "POST",
  path: "/v2/open",
  summary: "public, like login or register",
  tags: ["Test"],
  auth: [],
  status: 200,
  response: z.strictObject({ ok: z.boolean() }),
  handler: async () => ({ ok: true }),
});
const openRoute = routeHandlers(open);
const echoRoute = routeHandlers(echo);
const whoRoute = routeHandlers(whoAmI);
const itemRoute = routeHandlers(withParams);
const boomRoute = routeHandlers(boom);

let t: Awaited<ReturnType<typeof createTestPlatform>>;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterEach(() => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
  delete process.env.MAX_BODY_BYTES;
  resetConfigForTests();
});

const key = () => ({ "x-api-key": t.apiKey });

describe("credentials", () => {
  it("refuses a request without credentials, naming the accepted ones", async () => {
    const r = await call(echoRoute, "POST", "/v2/echo", { body: { amount: "1" } });
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ statusCode: 401, error: "Unauthorized" });
    expect(r.json.message).toContain("x-api-key");
  });

  it("refuses an unknown and a revoked API key", async () => {
    expect(
      (await call(echoRoute, "POST", "/v2/echo", { headers: { "x-api-key": "slk_nope" }, body: { amount: "1" } }))
        .status,
    ).toBe(401);
    const other = await createTestPlatform("revoked");
    expect(await revokeApiKey(other.platformId, other.apiKeyId)).toBe(true);
    const r = await call(echoRoute, "POST", "/v2/echo", {
      headers: { "x-api-key": other.apiKey },
      body: { amount: "1" },
    });
    expect(r.status).toBe(401);
    expect(r.json.message).toMatch(/revoked/);
  });

  it("accepts a client ID only from an allowed Origin, and answers CORS", async () => {
    const ok = await call(echoRoute, "POST", "/v2/echo", {
      headers: { "x-client-id": t.clientId, origin: TEST_ORIGIN },
      body: { amount: "1" },
    });
    expect(ok.status).toBe(201);
    expect(ok.json.caller).toBe("clientId");
    expect(ok.headers.get("access-control-allow-origin")).toBe(TEST_ORIGIN);
    const bad = await call(echoRoute, "POST", "/v2/echo", {
      headers: { "x-client-id": t.clientId, origin: "https://evil.example" },
      body: { amount: "1" },
    });
    expect(bad.status).toBe(403);
    const none = await call(echoRoute, "POST", "/v2/echo", {
      headers: { "x-client-id": t.clientId },
      body: { amount: "1" },
    });
    expect(none.status).toBe(403);
    const pre = await call(echoRoute, "OPTIONS", "/v2/echo", {
      headers: {
        origin: TEST_ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": "x-client-id",
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-headers")).toContain("x-client-id");
    expect(pre.headers.get("access-control-allow-methods")).toContain("POST");
  });

  it("accepts a session as Bearer and as cookie, and refuses a cross-site cookie POST", async () => {
    const prisma = await db();
    const user = await prisma.user.create({ data: { platformId: t.platformId, email: `u${Date.now()}@example.com` } });
    const { token } = await createSession(user.id, "email");
    const bearer = await call(echoRoute, "POST", "/v2/echo", {
      headers: { authorization: `Bearer ${token}` },
      body: { amount: "1" },
    });
    expect(bearer.json.caller).toBe("session");
    const sameSite = await call(echoRoute, "POST", "/v2/echo", {
      headers: { cookie: `session_token=${token}`, origin: "http://localhost:3000" },
      body: { amount: "1" },
    });
    expect(sameSite.status).toBe(201);
    const crossSite = await call(echoRoute, "POST", "/v2/echo", {
      headers: { cookie: `session_token=${token}`, origin: "https://evil.example" },
      body: { amount: "1" },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe("wallet sessions, and a client ID alongside a session", () => {
  it("takes only wallet sessions; a client ID sent along is checked and must be the session's platform", async () => {
    const wallet = { authorization: `Bearer ${(await createTestWalletSession(t.platformId)).token}` };
    const alone = await call(whoRoute, "GET", "/v2/who", { headers: wallet });
    expect(alone.json).toMatchObject({ kind: "session", sessionKind: "wallet", platformId: t.platformId });
    expect(alone.json.client).toBeUndefined();

    const withClient = await call(whoRoute, "GET", "/v2/who", {
      headers: { ...wallet, "x-client-id": t.clientId, origin: TEST_ORIGIN },
    });
    expect(withClient.json.client).toEqual({
      platformId: t.platformId,
      clientIdId: t.clientIdId,
      clientId: t.clientId,
      origin: TEST_ORIGIN,
    });
    expect(
      (
        await call(whoRoute, "GET", "/v2/who", {
          headers: { ...wallet, "x-client-id": t.clientId, origin: "https://evil.example" },
        })
      ).status,
    ).toBe(403);
    const foreign = await createTestPlatform("foreign");
    expect(
      (
        await call(whoRoute, "GET", "/v2/who", {
          headers: { ...wallet, "x-client-id": foreign.clientId, origin: TEST_ORIGIN },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(whoRoute, "GET", "/v2/who", { headers: { ...wallet, "x-client-id": "nope", origin: TEST_ORIGIN } }))
        .status,
    ).toBe(401);

    const user = await (await db()).user.create({
      data: { platformId: t.platformId, email: `w${Date.now()}@example.com` },
    });
    const email = await createSession(user.id, "email");
    expect(
      (await call(whoRoute, "GET", "/v2/who", { headers: { authorization: `Bearer ${email.token}` } })).status,
    ).toBe(403);
    // A known client ID without the session: a known caller lacking the wallet session.
    const clientAlone = await call(whoRoute, "GET", "/v2/who", {
      headers: { "x-client-id": t.clientId, origin: TEST_ORIGIN },
    });
    expect(clientAlone.status).toBe(403);
    expect(clientAlone.json.code).toBe("wallet_session_required");
  });
});

describe("input", () => {
  it("reports every invalid field in the validation shape", async () => {
    const r = await call(echoRoute, "POST", "/v2/echo", { headers: key(), body: { amount: "1.5", note: "too long" } });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      statusCode: 400,
      message: "Validation failed",
      error: "Bad Request",
      code: "validation_failed",
    });
    expect(r.json.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "amount", message: "must be digits" }),
        expect.objectContaining({ field: "note" }),
      ]),
    );
  });

  it("refuses NUL characters anywhere in the input, naming the field (PostgreSQL text cannot hold them)", async () => {
    const inPath = await call(itemRoute, "GET", "/v2/items/ab%00d", {
      headers: key(),
      params: { itemId: "ab\u0000d" },
    });
    expect(inPath.status).toBe(400);
    expect(inPath.json.errors).toEqual([{ field: "itemId", message: "must not contain NUL characters" }]);
    // A query parameter of the same name does not hide it.
    const shadowed = await call(itemRoute, "GET", "/v2/items/ab%00d?itemId=abcd", {
      headers: key(),
      params: { itemId: "ab\u0000d" },
    });
    expect(shadowed.json.errors).toEqual([{ field: "itemId", message: "must not contain NUL characters" }]);
    const inQuery = await call(itemRoute, "GET", "/v2/items/abcd?limit=1%00", {
      headers: key(),
      params: { itemId: "abcd" },
    });
    expect(inQuery.json.errors).toEqual([{ field: "limit", message: "must not contain NUL characters" }]);
    const inBody = await call(echoRoute, "POST", "/v2/echo", {
      headers: key(),
      body: { amount: "1", note: "a\u0000", nested: { deep: ["x\u0000"] } },
    });
    expect(inBody.status).toBe(400);
    expect(inBody.json.errors.map((e: { field: string }) => e.field)).toEqual(["note", "nested.deep.0"]);
  });

  it("validates path and query parameters", async () => {
    const ok = await call(itemRoute, "GET", "/v2/items/ab12?limit=5", { headers: key(), params: { itemId: "ab12" } });
    expect(ok.json).toEqual({ itemId: "ab12", limit: 5 });
    const bad = await call(itemRoute, "GET", "/v2/items/zz?limit=500", { headers: key(), params: { itemId: "zz" } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(["itemId"]);
  });

  it("answers malformed JSON with 400, a non-JSON content type with 415 and a large body with 413", async () => {
    expect((await call(echoRoute, "POST", "/v2/echo", { headers: key(), body: "{not json" })).status).toBe(400);
    const wrongType = await call(echoRoute, "POST", "/v2/echo", {
      headers: { ...key(), "content-type": "text/plain" },
      body: '{"amount":"1"}',
    });
    expect(wrongType.status).toBe(415);
    process.env.MAX_BODY_BYTES = "2048";
    resetConfigForTests();
    const big = await call(echoRoute, "POST", "/v2/echo", {
      headers: key(),
      body: { amount: "1", note: "x".repeat(5000) },
    });
    expect(big.status).toBe(413);
    expect(big.json.error).toBe("Payload Too Large");
  });

  it("hides internal errors behind a 500 that carries the request id", async () => {
    const r = await call(boomRoute, "GET", "/v2/boom", { headers: { ...key(), "x-request-id": "trace-123" } });
    expect(r.status).toBe(500);
    expect(r.text).not.toContain("secret internal detail");
    expect(r.json.message).toContain("trace-123");
    expect(r.headers.get("x-request-id")).toBe("trace-123");
  });

  it("answers 503 database_unavailable with Retry-After, not 500, when the database went away", async () => {
    const r = await call(dbGoneRoute, "GET", "/v2/db-gone", { headers: key() });
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("5");
    expect(r.json).toEqual({
      statusCode: 503,
      message: "The database is unavailable; retry after the time in Retry-After",
      error: "Service Unavailable",
      code: "database_unavailable",
    });
  });

  it("answers 503 network_unavailable with Retry-After, not 500, when a chain's RPC cannot be reached", async () => {
    const r = await call(chainDownRoute, "GET", "/v2/chain-down", { headers: key() });
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("5");
    expect(r.json).toMatchObject({ statusCode: 503, code: "network_unavailable" });
    expect(r.text).not.toContain("127.0.0.1");
  });

  it("answers unsupported methods with a JSON 405 and unknown paths with a JSON 404", async () => {
    const r = await call(echoRoute, "DELETE", "/v2/echo", { headers: key() });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST, OPTIONS");
    const u = await call(unknownPathHandlers(), "GET", "/v2/nothing/here");
    expect(u.status).toBe(404);
    expect(u.json).toEqual({
      statusCode: 404,
      message: "Cannot GET /v2/nothing/here",
      error: "Not Found",
      code: "path_not_found",
    });
  });

  it("serialises bigint amounts as decimal strings", async () => {
    const r = await call(echoRoute, "POST", "/v2/echo", { headers: key(), body: { amount: "7" } });
    expect(r.json.big).toBe("1000000000000000000000000000000");
  });
});

describe("Idempotency-Key", () => {
  it("replays the first response for the same body and refuses another body", async () => {
    const headers = { ...key(), "idempotency-key": `k-${Date.now()}` };
    const first = await call(echoRoute, "POST", "/v2/echo", { headers, body: { amount: "42" } });
    const again = await call(echoRoute, "POST", "/v2/echo", { headers, body: { amount: "42" } });
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text); // the work ran once: same run counter
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    const other = await call(echoRoute, "POST", "/v2/echo", { headers, body: { amount: "43" } });
    expect(other.status).toBe(409);
  });

  it("keeps keys apart per credential", async () => {
    const other = await createTestPlatform("other");
    const k = `shared-${Date.now()}`;
    const a = await call(echoRoute, "POST", "/v2/echo", {
      headers: { ...key(), "idempotency-key": k },
      body: { amount: "1" },
    });
    const b = await call(echoRoute, "POST", "/v2/echo", {
      headers: { "x-api-key": other.apiKey, "idempotency-key": k },
      body: { amount: "1" },
    });
    expect(a.json.run).not.toBe(b.json.run);
  });
});

describe("rate limits", () => {
  eachTestInItsOwnMinute();

  it("answers 429 with Retry-After once a credential's budget is spent", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "3";
    resetConfigForTests();
    const limited = await createTestPlatform("limited");
    const h = { "x-api-key": limited.apiKey, "x-forwarded-for": "203.0.113.60" };
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await call(itemRoute, "GET", "/v2/items/abcd", { headers: h, params: { itemId: "abcd" } })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    const last = await call(itemRoute, "GET", "/v2/items/abcd", { headers: h, params: { itemId: "abcd" } });
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(last.headers.get("x-ratelimit-remaining")).toBe("0");
    // another credential is not affected
    const fresh = await createTestPlatform("fresh");
    expect(
      (
        await call(itemRoute, "GET", "/v2/items/abcd", {
          headers: { "x-api-key": fresh.apiKey, "x-forwarded-for": "203.0.113.61" },
          params: { itemId: "abcd" },
        })
      ).status,
    ).toBe(200);
  });
});

describe("rate limits per source", () => {
  eachTestInItsOwnMinute();
  // As the server leaves it: whatever the client wrote, then the peer that connected.
  const from = (peer: string, forged = "") => ({ "x-forwarded-for": forged ? `${forged}, ${peer}` : peer });

  it("keys anonymous calls by the peer address, not by an X-Forwarded-For entry the client chose", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "3";
    resetConfigForTests();
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await call(openRoute, "POST", "/v2/open", { headers: from("203.0.113.77", `198.51.100.${i}`) })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await call(openRoute, "POST", "/v2/open", { headers: from("203.0.113.78") })).status).toBe(200);
  });

  it("believes forwarded addresses only from TRUSTED_PROXIES", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "2";
    process.env.TRUSTED_PROXIES = "10.0.0.0/8";
    resetConfigForTests();
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await call(openRoute, "POST", "/v2/open", { headers: from("10.0.0.5", "192.0.2.61") })).status);
      expect(statuses).toEqual([200, 200, 429]);
      // Another client behind the same proxy has its own budget.
      expect((await call(openRoute, "POST", "/v2/open", { headers: from("10.0.0.5", "192.0.2.62") })).status).toBe(200);
    } finally {
      delete process.env.TRUSTED_PROXIES;
    }
  });

  it("answers 429 to a source's unknown credentials past the limit, but lets its valid ones through", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "3";
    resetConfigForTests();
    const guess = (peer: string, apiKey: string) =>
      call(itemRoute, "GET", "/v2/items/abcd", {
        headers: { ...from(peer), "x-api-key": apiKey },
        params: { itemId: "abcd" },
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await guess("203.0.113.90", `slk_${i}Rnd0m_guess`)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const refused = await guess("203.0.113.90", "slk_9Rnd0m_guess");
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ statusCode: 429, error: "Too Many Requests" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Behind a proxy that is not trusted every client has this address: a valid key still works.
    const valid = (await createTestPlatform("behind the same proxy")).apiKey;
    expect((await guess("203.0.113.90", valid)).status).toBe(200);
    expect((await guess("203.0.113.91", "slk_8Rnd0m_guess")).status).toBe(401);
  });

  it("counts failed guesses at one key's prefix from every source, and refuses that prefix before looking it up", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "3";
    resetConfigForTests();
    const valid = (await createTestPlatform("guessed at")).apiKey;
    const prefix = valid.slice(0, valid.indexOf("_") + 7);
    const guess = (peer: string, apiKey: string) =>
      call(itemRoute, "GET", "/v2/items/abcd", {
        headers: { ...from(peer), "x-api-key": apiKey },
        params: { itemId: "abcd" },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await guess(`198.51.100.${i + 1}`, `${prefix}wrong${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The key itself waits while its prefix is guessed at (as an account does after failed logins).
    expect((await guess("198.51.100.50", valid)).status).toBe(429);
    // Other keys are not affected.
    expect((await guess("198.51.100.50", (await createTestPlatform("not guessed at")).apiKey)).status).toBe(200);
  });

  it("counts unknown client IDs, orchestrator keys and session tokens the same way", async () => {
    process.env.RATE_LIMIT_PER_MINUTE = "2";
    resetConfigForTests();
    const peer = from("203.0.113.95");
    const tries: Record<string, string>[] = [
      { "x-client-id": "cid_nope", origin: TEST_ORIGIN },
      { authorization: "Bearer sls_nope" },
      { cookie: "session_token=sls_nope", origin: TEST_ORIGIN },
    ];
    const statuses = [];
    for (const h of tries)
      statuses.push(
        (await call(echoRoute, "POST", "/v2/echo", { headers: { ...peer, ...h }, body: { amount: "1" } })).status,
      );
    expect(statuses).toEqual([401, 401, 429]);
  });
});

describe("CORS", () => {
  const preflight = (route: typeof echoRoute, path: string, origin: string) =>
    call(route, "OPTIONS", path, {
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "x-client-id, content-type",
      },
    });

  it("answers a client-ID operation's preflight only for an origin some client ID allows", async () => {
    const allowed = await preflight(echoRoute, "/v2/echo", TEST_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(TEST_ORIGIN);
    expect(allowed.headers.get("access-control-allow-headers")).toContain("x-client-id");
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();

    const foreign = await preflight(echoRoute, "/v2/echo", "https://evil.example");
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(foreign.headers.get("access-control-allow-methods")).toBeNull();
    // Nor does a foreign page read the answers, even to calls it could make.
    const answered = await call(echoRoute, "POST", "/v2/echo", {
      headers: { "x-api-key": t.apiKey, origin: "https://evil.example" },
      body: { amount: "1" },
    });
    expect(answered.status).toBe(201);
    expect(answered.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("does not invite browsers to API-key operations at all", async () => {
    const pre = await preflight(itemRoute, "/v2/items/abcd", TEST_ORIGIN);
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    const r = await call(itemRoute, "GET", "/v2/items/abcd", {
      headers: { "x-api-key": t.apiKey, origin: TEST_ORIGIN },
      params: { itemId: "abcd" },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("follows allowedDomains as they change", async () => {
    const p = await createTestPlatform("cors changes");
    const origin = "https://cors-changes.example.org";
    expect((await preflight(echoRoute, "/v2/echo", origin)).headers.get("access-control-allow-origin")).toBeNull();
    const { updateClientId } = await import("../client-ids/manage-client-ids");
    const { endLinkOf } = await import("../orchestrators/active-links");
    await updateClientId(
      p.platformId,
      p.clientIdId,
      { allowedDomains: ["*.example.org"] },
      endLinkOf,
      systemAuditContext(p.platformId),
    );
    expect((await preflight(echoRoute, "/v2/echo", origin)).headers.get("access-control-allow-origin")).toBe(origin);
    await updateClientId(
      p.platformId,
      p.clientIdId,
      { status: "inactive" },
      endLinkOf,
      systemAuditContext(p.platformId),
    );
    expect((await preflight(echoRoute, "/v2/echo", origin)).headers.get("access-control-allow-origin")).toBeNull();
  });
});
