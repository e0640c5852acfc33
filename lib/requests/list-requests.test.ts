// GET /v2/request: a platform lists its own requests, newest first, filtered and paged the way
// GET /v2/payments pages; another platform's never appear.
import { beforeAll, describe, expect, it } from "vitest";
import * as requestRoute from "@/app/v2/request/route";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";

const PAYEE = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const OTHER_PAYEE = "0x1111111111111111111111111111111111111111";
const PAYER = "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570";
const TRON_PAYEE = "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW";

let platform: Awaited<ReturnType<typeof createTestPlatform>>;
let other: Awaited<ReturnType<typeof createTestPlatform>>;
const created: string[] = [];

interface Listed {
  requests: { requestId: string; payee: string; reference: string | null; status: string; amount: string }[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean };
}
const list = async (query = "", apiKey = platform.apiKey) => {
  const res = await call(requestRoute, "GET", `/v2/request${query}`, { headers: { "x-api-key": apiKey } });
  return res as { status: number; json: unknown };
};
const listed = async (query = "") => {
  const res = await list(query);
  expect(res.status).toBe(200);
  return res.json as Listed;
};

async function create(apiKey: string, body: Record<string, unknown>): Promise<string> {
  const res = await call(requestRoute, "POST", "/v2/request", {
    headers: { "x-api-key": apiKey },
    body: { amount: "10", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base", payee: PAYEE, ...body },
  });
  expect(res.status).toBe(201);
  return (res.json as { requestId: string }).requestId;
}

beforeAll(async () => {
  platform = await createTestPlatform("lister");
  other = await createTestPlatform("someone else");
  for (let i = 0; i < 5; i++) created.push(await create(platform.apiKey, { reference: `INV-${i}` }));
  created.push(await create(platform.apiKey, { payee: OTHER_PAYEE, payer: PAYER, reference: "PAYER" }));
  created.push(
    await create(platform.apiKey, { payee: TRON_PAYEE, invoiceCurrency: "USDT-tron", paymentCurrency: "USDT-tron" }),
  );
  await create(other.apiKey, { reference: "INV-0" });
});

describe("GET /v2/request", () => {
  it("lists the platform's requests newest first, paged by limit and offset", async () => {
    const all = await listed();
    expect(all.pagination).toEqual({ total: 7, limit: 20, offset: 0, hasMore: false });
    expect(all.requests.map((r) => r.requestId)).toEqual([...created].reverse());
    expect(all.requests.at(-1)).toMatchObject({ payee: PAYEE, reference: "INV-0", status: "pending", amount: "10" });

    const second = await listed("?limit=3&offset=3");
    expect(second.pagination).toEqual({ total: 7, limit: 3, offset: 3, hasMore: true });
    expect(second.requests.map((r) => r.requestId)).toEqual([...created].reverse().slice(3, 6));
    expect((await listed("?limit=3&offset=6")).pagination.hasMore).toBe(false);
  });

  it("filters by wallet (payee or payer, EVM in any letter case; Tron exactly), reference, network and currency", async () => {
    expect((await listed(`?walletAddress=${PAYEE.toLowerCase()}`)).pagination.total).toBe(5);
    expect(
      (await listed(`?walletAddress=${PAYER.toUpperCase().replace("0X", "0x")}`)).requests.map((r) => r.reference),
    ).toEqual(["PAYER"]);
    expect((await listed(`?walletAddress=${TRON_PAYEE}`)).requests.map((r) => r.payee)).toEqual([TRON_PAYEE]);
    expect((await listed("?reference=INV-0")).requests.map((r) => r.requestId)).toEqual([created[0]]);
    expect((await listed("?network=tron")).pagination.total).toBe(1);
    expect((await listed("?paymentCurrency=USDC-base&status=pending")).pagination.total).toBe(6);
    expect((await listed("?status=paid")).pagination.total).toBe(0);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await listed(`?fromDate=${future}`)).pagination.total).toBe(0);
  });

  it("refuses what it cannot read, naming the parameter", async () => {
    for (const [query, field] of [
      ["?walletAddress=0x12", "walletAddress"],
      ["?limit=101", "limit"],
      ["?offset=-1", "offset"],
      ["?status=open", "status"],
      ["?invoiceCurrency=NOPE", "invoiceCurrency"],
      ["?fromDate=2030-01-02T00:00:00Z&toDate=2030-01-01T00:00:00Z", "toDate"],
      ["?page=2", "page"],
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.json), query).toContain(field);
    }
  });
});
