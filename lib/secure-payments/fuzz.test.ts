// Malformed input at every secure-payment and branding handler, with valid and invalid
// credentials and real tokens among junk ones: never a 500, every error in the documented
// shape. (e2e/api-fuzz.spec.ts does the same against the running server for all operations;
// this one reaches the states only real tokens and real credentials get to.)
import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import * as clientBrandingRoute from "@/app/v2/client-ids/[id]/branding/route";
import * as orchestratorBrandingRoute from "@/app/v2/orchestrators/branding/route";
import * as payRoute from "@/app/v2/secure-payments/[token]/pay/route";
import * as tokenRoute from "@/app/v2/secure-payments/[token]/route";
import * as userEventsRoute from "@/app/v2/secure-payments/[token]/user-events/route";
import * as multicallStateRoute from "@/app/v2/secure-payments/multicall-payouts/[token]/route";
import * as multicallRoute from "@/app/v2/secure-payments/multicall-payouts/route";
import * as payoutsRoute from "@/app/v2/secure-payments/payouts/route";
import * as createRoute from "@/app/v2/secure-payments/route";
import { createTestOrchestrator, createTestSession } from "../orchestrators/fixtures";
import { registerTestDestination } from "../payee-destinations/fixtures";
import { createTestPlatform, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { createSecurePayment } from "./create-secure-payment";

let world: { tokens: string[]; headers: Record<string, string>[]; clientIdId: string };

beforeAll(async () => {
  const p = await createTestPlatform("fuzzed");
  const o = await createTestOrchestrator();
  const s = await createTestSession(p.platformId);
  const d = await registerTestDestination(p.platformId);
  const creator = { platformId: p.platformId, clientIdId: p.clientIdId, orchestratorId: null };
  const open = await createSecurePayment(creator, { requests: [{ destinationId: d.destinationId, amount: "1" }] });
  const listed = await createSecurePayment(creator, {
    requests: [{ destinationId: d.destinationId, amount: "1" }],
    accessPolicy: { allowedPayerAddresses: ["0x8ba1f109551bD432803012645Ac136ddd64DBA72"] },
  });
  world = {
    tokens: [open.token, listed.token],
    clientIdId: p.clientIdId,
    headers: [
      {},
      { "x-api-key": p.apiKey },
      { "x-client-id": p.clientId, origin: TEST_ORIGIN },
      { authorization: `Bearer ${s.token}` },
      { "x-orchestrator-key": o.orchestratorKey, "x-client-id": p.clientId },
      { "x-orchestrator-key": o.orchestratorKey },
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
  ),
);
const value = fc.oneof(junk, fc.jsonValue({ maxDepth: 2 }));
const keys = [
  "requests",
  "destinationId",
  "amount",
  "accessPolicy",
  "allowedPayerAddresses",
  "expiresAt",
  "redirectUrl",
  "recipient",
  "network",
  "currency",
  "childTokens",
  "userEvent",
  "properties",
  "occurredAt",
  "logoPath",
  "primaryActionColor",
  "termsPath",
];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 5 }),
  fc.record({ requests: fc.array(fc.dictionary(fc.constantFrom("destinationId", "amount"), value), { maxLength: 3 }) }),
  fc.record({ childTokens: fc.array(junk, { maxLength: 3 }) }),
  fc.string({ maxLength: 50 }),
);

const ROUTES = [
  { mod: createRoute, methods: ["POST", "GET"] as const, path: () => "/v2/secure-payments" },
  { mod: payoutsRoute, methods: ["POST"] as const, path: () => "/v2/secure-payments/payouts" },
  { mod: multicallRoute, methods: ["POST"] as const, path: () => "/v2/secure-payments/multicall-payouts" },
  {
    mod: multicallStateRoute,
    methods: ["GET"] as const,
    path: (t: string) => `/v2/secure-payments/multicall-payouts/${t}`,
  },
  { mod: tokenRoute, methods: ["GET"] as const, path: (t: string) => `/v2/secure-payments/${t}` },
  { mod: payRoute, methods: ["GET"] as const, path: (t: string) => `/v2/secure-payments/${t}/pay` },
  { mod: userEventsRoute, methods: ["POST"] as const, path: (t: string) => `/v2/secure-payments/${t}/user-events` },
  {
    mod: clientBrandingRoute,
    methods: ["GET", "PUT", "DELETE"] as const,
    path: (t: string) => `/v2/client-ids/${t}/branding`,
  },
  {
    mod: orchestratorBrandingRoute,
    methods: ["GET", "PUT", "DELETE"] as const,
    path: () => "/v2/orchestrators/branding",
  },
];

it("malformed requests to the secure-payment operations never produce a 500, and errors keep their shape", async () => {
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
  console.log(`secure-payments fuzz seed ${seed} (replay with FUZZ_SEED=${seed})`);
  await fc.assert(
    fc.asyncProperty(
      fc.nat(ROUTES.length - 1),
      fc.nat(2),
      fc.nat(world.headers.length - 1),
      fc.oneof(fc.constantFrom(...world.tokens, world.clientIdId), junk),
      fc.dictionary(fc.constantFrom("wallet", "eoaWallet", "isSafe", "chain", "token", "requestId"), junk, {
        maxKeys: 3,
      }),
      fc.option(body, { nil: undefined }),
      async (ri, mi, hi, id, query, b) => {
        const route = ROUTES[ri];
        const method = route.methods[mi % route.methods.length];
        const qs = new URLSearchParams(query).toString();
        const url = `${route.path(encodeURIComponent(id))}${qs ? `?${qs}` : ""}`;
        const r = await call(route.mod, method, url, {
          headers: world.headers[hi],
          params: { token: id, id },
          body: method === "GET" ? undefined : b,
        });
        expect(r.status, `${method} ${url} ${JSON.stringify(b)} → ${r.text.slice(0, 300)}`).toBeLessThan(500);
        if (r.status >= 400)
          expect(r.json).toMatchObject({
            statusCode: r.status,
            message: expect.any(String),
            error: expect.any(String),
          });
      },
    ),
    { numRuns: 400, seed },
  );
});
