// What `npm ci && npm start` promises on a fresh machine (the e2e server is started that way).
import { expect, test } from "@playwright/test";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { demo } from "./demo";

test("health reports the database up and the version", async ({ request }) => {
  const res = await request.get("/health");
  expect(res.status()).toBe(200);
  // scripts/e2e.mjs runs the suite on PGlite, and on PostgreSQL when E2E_DATABASE_URL is set (CI)
  const kind = process.env.E2E_DATABASE_URL ? "postgres" : "pglite";
  expect(await res.json()).toMatchObject({
    status: "ok",
    database: { status: "up", kind },
    version: expect.any(String),
  });
});

test("a load balancer finds the process alive and ready: database up, migrations applied, workers running", async ({
  request,
}) => {
  // A /pay with a wallet reads base in this process, so its provider has answered by the check
  // below (the report lists the networks this process has used, whatever other specs ran first).
  // A request of its own: the demo request may already be paid by the pay-demo spec.
  const { apiKey } = demo();
  const headers = { "x-api-key": apiKey };
  const created = await request.post("/v2/request", {
    headers,
    data: {
      amount: "1",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee: DEMO_WALLETS[1].address,
      reference: "HEALTH-CHECK",
    },
  });
  expect(created.status()).toBe(201);
  const { requestId } = await created.json();
  const pay = await request.get(`/v2/request/${requestId}/pay?wallet=${DEMO_WALLETS[0].address}`, { headers });
  expect(pay.status()).toBe(200);
  const live = await request.get("/health/live");
  expect(live.status()).toBe(200);
  expect(await live.json()).toMatchObject({ status: "alive" });
  const ready = await request.get("/health/ready");
  expect(ready.status()).toBe(200);
  const body = await ready.json();
  expect(body).toEqual({
    status: "ready",
    database: "up",
    migrations: "applied",
    workers: "running",
    booted: true,
    draining: false,
    rpc: expect.any(Object),
  });
  // Each network's RPC providers as this process saw them, by host only (an RPC URL's path and
  // query often hold an API key): base has answered the /pay above.
  expect(body.rpc.base).toEqual([
    expect.objectContaining({ host: expect.stringMatching(/^127\.0\.0\.1:\d+$/), status: expect.any(String) }),
  ]);
  expect(JSON.stringify(body.rpc)).not.toMatch(/https?:\/\//);
});

test("a link with broken percent-encoding answers a JSON 400 naming the problem, not an error page", async ({
  request,
}) => {
  for (const path of ["/pay/%E0%A4%A", "/v2/request/%zz/pay"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: 400, code: "malformed_path" });
  }
});

test("the printed demo API key lists USDC and USDT on base and 18-decimal USDC on bsc", async ({ request }) => {
  const { apiKey } = demo();
  const base = await request.get("/v2/currencies?network=base", { headers: { "x-api-key": apiKey } });
  const list = (await base.json()) as { id: string; address: string; decimals: number }[];
  expect(list.find((c) => c.id === "USDC-base")).toMatchObject({
    address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    decimals: 6,
  });
  expect(list.find((c) => c.id === "USDT-base")).toMatchObject({
    address: "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2",
    decimals: 6,
  });
  const bsc = await request.get("/v2/currencies?network=bsc", { headers: { "x-api-key": apiKey } });
  expect(((await bsc.json()) as { id: string; decimals: number }[]).find((c) => c.id === "USDC-bsc")?.decimals).toBe(
    18,
  );
});

test("a browser page on an allowed origin can call the API with the demo client ID", async ({ page, baseURL }) => {
  const { clientId } = demo();
  await page.goto("/");
  const result = await page.evaluate(
    async ([url, id]) => {
      const res = await fetch(`${url}/v2/currencies?id=USDC-base`, { headers: { "x-client-id": id } });
      return { status: res.status, body: await res.json() };
    },
    [baseURL!, clientId] as const,
  );
  expect(result.status).toBe(200);
  expect(result.body.id).toBe("USDC-base");
});
