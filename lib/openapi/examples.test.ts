// "The examples of /docs work when pasted": every example the API reference shows is taken from
// the built OpenAPI document (what Scalar renders its code samples from) and sent through the
// real route with a real sandbox platform's credentials. The query a code sample carries is
// rebuilt the way Scalar builds it (a parameter's `example`, else its schema's default or first
// enum value; optional parameters without a value are left out), so an example it fills in on
// its own is held to the same rule. Path ids name resources created here where that is cheap
// (the request the POST /v2/request example creates, a secure payment, webhooks, a link); an
// id that does not exist may answer 404, never 400.

import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeHandlers } from "../api/route";
import { resetConfigForTests } from "../config";
import { DEMO_WALLETS } from "../devnet/accounts";
import { EXAMPLE, withSandboxValues } from "../http/example-values";
import type { Operation } from "../http/operation";
import { createTestOrchestrator, createTestSession } from "../orchestrators/fixtures";
import { createLinkRequest } from "../orchestrators/orchestrator-links";
import { registerTestDestination } from "../payee-destinations/fixtures";
import { createSecurePayment } from "../secure-payments/create-secure-payment";
import { createTestPlatform, createTestWalletSession, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { createPlatformEndpoint } from "../webhooks/client-id-endpoints";
import { createOrchestratorEndpoint } from "../webhooks/orchestrator-endpoints";
import { buildOpenApiDocument } from "./build-document";
import { OPERATIONS, WEBHOOK_EVENTS } from "./registry";

interface DocParameter {
  name: string;
  in: string;
  required: boolean;
  example?: unknown;
  schema?: { default?: unknown; enum?: unknown[]; examples?: unknown[]; example?: unknown };
}
interface DocOperation {
  parameters: DocParameter[];
  requestBody?: { content: { "application/json": { example?: unknown } } };
}

let doc = buildOpenApiDocument(OPERATIONS, "http://localhost:3000", WEBHOOK_EVENTS);
const documented = (e: Operation) =>
  (doc.paths[e.path] as unknown as Record<string, DocOperation>)[e.method.toLowerCase()] as DocOperation;

/** The query string Scalar's code samples send (workspace-store's getExample + isParamDisabled). */
export function sampleQuery(parameters: DocParameter[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of parameters) {
    if (p.in !== "query") continue;
    const s = p.schema ?? {};
    const value = "example" in p ? p.example : (s.default ?? s.enum?.[0] ?? s.examples?.[0] ?? s.example);
    if (value === undefined || value === null || value === "") continue;
    out[p.name] = String(value);
  }
  return out;
}

/**
 * Examples that stand for a value only an earlier call issues (a sign-in challenge, the nonce of
 * signing data, a wallet's signature, a route's step): well-formed, they are refused for that
 * one value, and nothing else. Each names the answer it must get.
 */
const ISSUED_EARLIER: Record<string, { code: string; field?: string }> = {
  "POST /v1/auth/wallet/verify": { code: "validation_failed", field: "challengeId" },
  "POST /v1/auth/methods/wallet": { code: "validation_failed", field: "challengeId" },
  "POST /v2/payee-destination": { code: "signing_nonce_invalid", field: "nonce" },
  "DELETE /v2/payee-destination/{destinationId}": { code: "signing_nonce_invalid", field: "nonce" },
  "POST /v2/secure-payments/{token}/tron/broadcast": { code: "tron_transaction_mismatch" },
  "POST /v2/secure-payments/{token}/refresh-step-transaction": { code: "route_step_unavailable" },
  "POST /v1/auth/wallet/step-up": { code: "validation_failed", field: "challengeId" },
  // A refund needs a recorded payment first; the example's request has none yet.
  "POST /v2/request/{requestId}/refunds": { code: "refund_nothing_paid" },
};

/** Operations whose example must run after the others (they end the credentials or the ids). */
const destructive = (e: Operation) =>
  (e.method === "DELETE" ? 1 : 0) + (e.path.endsWith("/revoke") || e.path === "/v1/auth/logout" ? 2 : 0);

let world: {
  headers: Record<string, Record<string, string>>;
  ids: Record<string, string>;
};

beforeAll(async () => {
  // The examples are many calls from one platform in a few seconds.
  process.env.RATE_LIMIT_PER_MINUTE = "1000000";
  resetConfigForTests();
  const p = await createTestPlatform("examples of /docs", { webhookRegistrationByClientId: true });
  const o = await createTestOrchestrator("examples orchestrator");
  const s = await createTestSession(p.platformId);
  const ws = await createTestWalletSession(p.platformId);
  // The sandbox's demo payee registers its USDC-on-Base destination (as `npm start` does): the
  // POST /v2/secure-payments example names it.
  const demoPayee = privateKeyToAccount(DEMO_WALLETS[1].privateKey);
  const d = await registerTestDestination(p.platformId, {
    payee: {
      address: demoPayee.address,
      sign: (typedData) => demoPayee.signTypedData(JSON.parse(JSON.stringify(typedData))),
    },
  });
  expect(d.destinationId).toBe(EXAMPLE.destinationId);
  const sp = await createSecurePayment(
    { platformId: p.platformId, clientIdId: p.clientIdId, orchestratorId: null },
    { requests: [{ destinationId: d.destinationId, amount: "1" }] },
  );
  const hook = await createPlatformEndpoint(
    { id: p.clientIdId, platformId: p.platformId },
    "https://shop.example.com/h",
  );
  const orchHook = await createOrchestratorEndpoint(o.orchestratorId, "https://orchestrator.example.com/h");
  const link = await createLinkRequest(o.orchestratorId, {});
  // As /docs does in the sandbox: the examples name the platform's client ID.
  doc = withSandboxValues(doc, { clientId: p.clientId });
  world = {
    headers: {
      apiKey: { "x-api-key": p.apiKey },
      session: { authorization: `Bearer ${s.token}` },
      walletSession: { authorization: `Bearer ${ws.token}`, "x-client-id": p.clientId, origin: TEST_ORIGIN },
      orchestratorKey: { "x-orchestrator-key": o.orchestratorKey },
      clientId: { "x-client-id": p.clientId, origin: TEST_ORIGIN },
    },
    ids: {
      clientIdId: p.clientIdId,
      token: sp.token,
      webhookId: hook.id,
      orchestratorWebhookId: orchHook.webhook.id,
      intentId: link.intentId,
      destinationId: d.destinationId,
      address: DEMO_WALLETS[0].address,
      userId: s.userId,
      // POST /v2/payer's example creates this payer; a made-up id elsewhere answers 404.
      clientUserId: "customer-42",
      paymentIntentId: "00000000-0000-4000-8000-000000000000",
    },
  };
});
afterAll(() => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
  resetConfigForTests();
});

function pathIds(e: Operation): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const [, name] of e.path.matchAll(/\{(\w+)\}/g)) {
    if (name === "id")
      ids.id = e.path.startsWith("/v2/client-ids")
        ? world.ids.clientIdId
        : e.path.startsWith("/v2/orchestrators/webhooks")
          ? world.ids.orchestratorWebhookId
          : "00000000-0000-4000-8000-000000000000";
    else if (name === "requestId" && e.method === "PATCH") ids.requestId = world.ids.recurringRequestId;
    else ids[name] = world.ids[name] ?? "00000000-0000-4000-8000-000000000000";
  }
  return ids;
}

/** The credential the reference's try-it console would carry: the first the operation accepts. */
function headersFor(e: Operation): Record<string, string> {
  const prefer = ["apiKey", "session", "walletSession", "orchestratorKey", "clientId"] as const;
  const kind = prefer.find((k) => e.auth.includes(k));
  return kind ? world.headers[kind] : {};
}

describe("the examples of /docs", () => {
  it("give every operation with a body an example body", () => {
    const missing = OPERATIONS.filter(
      (e) => e.body && documented(e).requestBody?.content["application/json"].example === undefined,
    ).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
    expect(OPERATIONS.filter((e) => e.body).length).toBeGreaterThanOrEqual(54);
  });

  it("never send GET /v2/request/{requestId}/pay a chain without its token", () => {
    const query = sampleQuery(documented(OPERATIONS.find((e) => e.path === "/v2/request/{requestId}/pay")!).parameters);
    expect("chain" in query).toBe("token" in query);
  });

  it("are accepted by the real routes: no example body or query is answered 400", async () => {
    const ordered = OPERATIONS.filter((e) => e.body || e.query).sort((a, b) => destructive(a) - destructive(b));
    // The request the POST /v2/request example creates is the one the /v2/request/{requestId}/… examples name.
    ordered.sort(
      (a, b) =>
        Number(b.path === "/v2/request" && b.method === "POST") -
        Number(a.path === "/v2/request" && a.method === "POST"),
    );
    const rejected: string[] = [];
    const answers: string[] = [];
    for (const e of ordered) {
      const op = documented(e);
      const params = pathIds(e);
      const query = new URLSearchParams(sampleQuery(op.parameters)).toString();
      const path = e.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name]));
      const url = `${path}${query ? `?${query}` : ""}`;
      const body = op.requestBody?.content["application/json"].example;
      const res = await call(routeHandlers(e), e.method, url, { headers: headersFor(e), body, params });
      answers.push(`${e.method} ${url} → ${res.status}`);
      const issued = ISSUED_EARLIER[`${e.method} ${e.path}`];
      if (issued) {
        // Refused for the issued value alone: the rest of the example passed validation.
        expect(res.status, res.text).toBe(400);
        expect(res.json.code, res.text).toBe(issued.code);
        if (issued.field) expect(res.json.errors.map((x: { field: string }) => x.field)).toEqual([issued.field]);
      } else if (res.status === 400) rejected.push(`${e.method} ${url} → ${res.text}`);
      if (e.method === "POST" && e.path === "/v2/request") {
        expect(res.status, res.text).toBe(201);
        world.ids.requestId = res.json.requestId;
        // PATCH /v2/request/{requestId} stops a recurrence: its example names a recurring request.
        const recurring = await call(routeHandlers(e), "POST", "/v2/request", {
          headers: headersFor(e),
          body: { ...(body as object), recurrence: { startDate: "2030-01-01", frequency: "MONTHLY" } },
        });
        expect(recurring.status, recurring.text).toBe(201);
        world.ids.recurringRequestId = recurring.json.requestId;
      }
    }
    console.log(answers.join("\n"));
    expect(rejected).toEqual([]);
  });
});
