// GET /v2/payments against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// each filter answers exactly the expected rows of the caller's platform, and every bad
// parameter is a 400 naming it.
import { beforeAll, describe, expect, it } from "vitest";
import * as route from "@/app/v2/payments/route";
import { db } from "../db/client";
import { createTestSession } from "../orchestrators/fixtures";
import { createTestPlatform, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { detected, PAYEE as RECORDED_PAYEE, PAYER as RECORDED_PAYER, record, testRequest } from "./payment-fixtures";
import { insertFixturePayment, insertFixtureRequest, randomHex } from "./search-fixtures";

const PAYER = "0x1111111111111111111111111111111111111111".replace(/1{8}$/, "AbCdEf12"); // mixed case, as stored checksummed or not
const EOA = "0x2222222222222222222222222222222222222222";
const PAYER2 = "0x3333333333333333333333333333333333333333";
const PAYEE_A = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const PAYEE_B = "0x4444444444444444444444444444444444444444";
const TRON_PAYEE = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const TRON_PAYER = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";
const TX1 = `0x${"a1".repeat(32)}`;
const TX2 = `0x${"b2".repeat(32)}`;
const TRON_TX = "c3".repeat(32); // Tron transaction ids carry no 0x

let headers: Record<string, string>;
let other: Awaited<ReturnType<typeof createTestPlatform>>;
let platformId: string;
const ids: Record<string, string> = {};
const req: Record<string, { requestId: string; paymentReference: string }> = {};

async function search(query: string, h = headers) {
  return call(route, "GET", `/v2/payments?${query}`, { headers: h });
}

/** The ids of the answer, sorted (ties in block time have no meaningful order). */
async function found(query: string): Promise<string[]> {
  const r = await search(query);
  expect(r.status, r.text).toBe(200);
  return (r.json.payments as { id: string }[]).map((p) => p.id).sort();
}

const expected = (...names: string[]) => names.map((n) => ids[n]).sort();

beforeAll(async () => {
  const p = await createTestPlatform("searching shop");
  platformId = p.platformId;
  headers = { "x-api-key": p.apiKey };
  other = await createTestPlatform("other shop");

  req.a1 = await insertFixtureRequest({
    platformId,
    invoiceCurrency: "USD",
    payee: PAYEE_A,
    reference: "ORDER-1",
    status: "paid",
    expectedAmount: 1000n,
    customerInfo: { firstName: "Ada", email: "ada@example.com" },
  });
  req.a2 = await insertFixtureRequest({ platformId, payee: PAYEE_B, reference: "ORDER-2" });
  req.a3 = await insertFixtureRequest({
    platformId,
    network: "tron",
    invoiceCurrency: "USDT-tron",
    paymentCurrency: "USDT-tron",
    payee: TRON_PAYEE,
    reference: "ORDER-3",
  });
  req.b1 = await insertFixtureRequest({
    platformId: other.platformId,
    payee: PAYEE_A,
    reference: "ORDER-1",
    invoiceCurrency: "USD",
  });

  ids.a1 = (
    await insertFixturePayment({
      platformId,
      requestId: req.a1.requestId,
      txHash: TX1,
      type: "conversion",
      payerAddress: PAYER,
      payerEoaAddress: EOA,
      blockTime: new Date("2024-01-10T08:00:00.000Z"),
      amount: 10_000_000n,
      feeAmount: 100_000n,
      feeAddress: PAYEE_B,
      conversionRate: "1.0001",
    })
  ).id;
  ids.a2 = (
    await insertFixturePayment({
      platformId,
      requestId: req.a2.requestId,
      txHash: TX2,
      logIndex: 0,
      type: "batch",
      payerAddress: PAYER2,
      blockTime: new Date("2024-01-12T00:00:00.000Z"),
    })
  ).id;
  ids.a3 = (
    await insertFixturePayment({
      platformId,
      requestId: req.a2.requestId,
      txHash: TX2,
      logIndex: 1,
      type: "batch",
      payerAddress: PAYER2,
      blockTime: new Date("2024-01-12T00:00:00.000Z"),
    })
  ).id;
  ids.a4 = (
    await insertFixturePayment({
      platformId,
      requestId: req.a3.requestId,
      network: "tron",
      txHash: TRON_TX,
      type: "direct",
      currency: "USDT-tron",
      payerAddress: TRON_PAYER,
      blockTime: new Date("2024-01-15T12:30:00.000Z"),
    })
  ).id;
  ids.a5 = (
    await insertFixturePayment({
      platformId,
      requestId: req.a1.requestId,
      type: "recurring",
      payerAddress: PAYER.toLowerCase(),
      blockTime: new Date("2024-01-20T00:00:00.000Z"),
    })
  ).id;
  // Another platform's payment sharing the transaction hash (on another network), payer and reference.
  ids.b1 = (
    await insertFixturePayment({
      platformId: other.platformId,
      requestId: req.b1.requestId,
      network: "mainnet",
      txHash: TX1,
      payerAddress: PAYER,
      blockTime: new Date("2024-01-11T00:00:00.000Z"),
    })
  ).id;
});

describe("GET /v2/payments filters", () => {
  it("txHash answers every payment of the transaction, batch included, only the caller's", async () => {
    expect(await found(`txHash=${TX1}`)).toEqual(expected("a1"));
    expect(await found(`txHash=${TX1.toUpperCase().replace("0X", "0x")}`)).toEqual(expected("a1"));
    expect(await found(`txHash=${TX2}`)).toEqual(expected("a2", "a3"));
    expect(await found(`txHash=0x${"d4".repeat(32)}`)).toEqual([]);
  });

  it("txHash finds a Tron transaction given with 0x in front", async () => {
    expect(await found(`txHash=0x${TRON_TX}`)).toEqual(expected("a4"));
  });

  it("walletAddress matches payer, payer EOA and payee; EVM in any letter case", async () => {
    expect(await found(`walletAddress=${PAYER.toLowerCase()}`)).toEqual(expected("a1", "a5"));
    expect(await found(`walletAddress=${"0x" + PAYER.slice(2).toUpperCase()}`)).toEqual(expected("a1", "a5"));
    expect(await found(`walletAddress=${EOA}`)).toEqual(expected("a1"));
    expect(await found(`walletAddress=${PAYEE_B}`)).toEqual(expected("a2", "a3"));
    expect(await found(`walletAddress=${PAYEE_A.toLowerCase()}`)).toEqual(expected("a1", "a5"));
    expect(await found(`walletAddress=${TRON_PAYEE}`)).toEqual(expected("a4"));
    expect(await found(`walletAddress=${TRON_PAYER}`)).toEqual(expected("a4"));
  });

  it("paymentReference, requestId and reference select the request's payments", async () => {
    expect(await found(`paymentReference=${req.a1.paymentReference.toUpperCase().replace("0X", "0x")}`)).toEqual(
      expected("a1", "a5"),
    );
    expect(await found(`requestId=${req.a2.requestId}`)).toEqual(expected("a2", "a3"));
    expect(await found(`reference=ORDER-1`)).toEqual(expected("a1", "a5"));
    expect(await found(`reference=ORDER-3`)).toEqual(expected("a4"));
    expect(await found(`requestId=${req.b1.requestId}`)).toEqual([]);
  });

  it("type: direct includes batch payments; each other type only itself", async () => {
    expect(await found("type=direct")).toEqual(expected("a2", "a3", "a4"));
    expect(await found("type=conversion")).toEqual(expected("a1"));
    expect(await found("type=recurring")).toEqual(expected("a5"));
    expect(await found("type=crosschain")).toEqual([]);
  });

  it("currencies take an id or a symbol", async () => {
    expect(await found("invoiceCurrency=USD")).toEqual(expected("a1", "a5"));
    expect(await found("invoiceCurrency=USDC")).toEqual(expected("a2", "a3"));
    expect(await found("invoiceCurrency=USDT-tron")).toEqual(expected("a4"));
    expect(await found("paymentCurrency=USDC-base")).toEqual(expected("a1", "a2", "a3", "a5"));
    expect(await found("paymentCurrency=USDT")).toEqual(expected("a4"));
    expect(await found("paymentCurrency=USDC-mainnet")).toEqual([]);
  });

  it("fromDate and toDate are inclusive", async () => {
    expect(await found("fromDate=2024-01-12T00:00:00.000Z&toDate=2024-01-15T12:30:00.000Z")).toEqual(
      expected("a2", "a3", "a4"),
    );
    expect(await found("fromDate=2024-01-15T12:30:00.001Z")).toEqual(expected("a5"));
    expect(await found("toDate=2024-01-10T08:00:00.000Z")).toEqual(expected("a1"));
  });

  it("combines filters with AND", async () => {
    expect(await found(`walletAddress=${PAYER}&type=recurring`)).toEqual(expected("a5"));
    expect(await found(`walletAddress=${PAYER2}&type=conversion`)).toEqual([]);
    expect(await found(`reference=ORDER-1&fromDate=2024-01-15T00:00:00Z`)).toEqual(expected("a5"));
  });

  it("answers newest first and pages with an exact total", async () => {
    const first = await search("walletAddress=" + PAYER + "&limit=1");
    expect(first.json.payments.map((p: { id: string }) => p.id)).toEqual([ids.a5]);
    expect(first.json.pagination).toEqual({
      total: 2,
      limit: 1,
      offset: 0,
      hasMore: true,
      nextCursor: expect.any(String),
    });
    const second = await search("walletAddress=" + PAYER + "&limit=1&offset=1");
    expect(second.json.payments.map((p: { id: string }) => p.id)).toEqual([ids.a1]);
    expect(second.json.pagination).toEqual({ total: 2, limit: 1, offset: 1, hasMore: false, nextCursor: null });
    const beyond = await search("type=direct&offset=10");
    expect(beyond.json).toEqual({
      payments: [],
      pagination: { total: 3, limit: 20, offset: 10, hasMore: false, nextCursor: null },
    });
  });

  it("counts broad searches exactly from the per-day summary, partial days at the ends included, and follows deletions", async () => {
    const queries = [
      "type=direct",
      "paymentCurrency=USDC-base",
      "invoiceCurrency=USD",
      "fromDate=2024-01-12T00:00:00.000Z",
      "toDate=2024-01-12T00:00:00.000Z",
      "fromDate=2024-01-10T09:00:00.000Z&toDate=2024-01-15T12:30:00.000Z",
      "fromDate=2024-01-11T00:00:00.000Z&toDate=2024-01-19T23:59:59.999Z&type=direct",
      "toDate=2024-01-20T00:00:00.000Z&paymentCurrency=USDC",
      "fromDate=2024-01-09T23:59:59.999Z&toDate=2024-01-20T00:00:00.001Z",
    ];
    for (const query of queries) {
      const all = (await search(`${query}&limit=100`)).json.payments.length;
      expect(all, query).toBeGreaterThan(1); // so a page of one is counted, not inferred
      expect((await search(`${query}&limit=1`)).json.pagination.total, query).toBe(all);
    }
    const p = await createTestPlatform("reorged shop");
    const r = await insertFixtureRequest({ platformId: p.platformId });
    const mine = [];
    for (let i = 0; i < 3; i++)
      mine.push(
        await insertFixturePayment({
          platformId: p.platformId,
          requestId: r.requestId,
          logIndex: i,
          blockTime: new Date("2024-05-01T10:00:00.000Z"),
        }),
      );
    const total = async () => (await search("type=direct&limit=1", { "x-api-key": p.apiKey })).json.pagination.total;
    expect(await total()).toBe(3);
    await (await db()).payment.delete({ where: { id: mine[0].id } });
    expect(await total()).toBe(2);
  });

  it("walks by cursor through the same payments as offsets, ties in block time included, with the first page's total", async () => {
    const query = "paymentCurrency=USDC-base"; // a5, then a2 and a3 (one block time), then a1
    const byOffset: string[] = [];
    for (let offset = 0; offset < 4; offset++)
      byOffset.push((await search(`${query}&limit=1&offset=${offset}`)).json.payments[0].id);
    expect(new Set(byOffset).size).toBe(4);
    const byCursor: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page++) {
      const r: Awaited<ReturnType<typeof search>> = await search(
        `${query}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(r.status, r.text).toBe(200);
      byCursor.push(...r.json.payments.map((p: { id: string }) => p.id));
      expect(r.json.pagination).toMatchObject({ total: 4, limit: 2, offset: 0, hasMore: page === 0 });
      cursor = r.json.pagination.nextCursor;
      if (!cursor) break;
    }
    expect(byCursor).toEqual(byOffset);
    expect(cursor).toBeNull();
    // A cursor from an offset page continues after it.
    const fromOffset = await search(`${query}&limit=1&offset=1`);
    const rest = await search(`${query}&limit=5&cursor=${fromOffset.json.pagination.nextCursor}`);
    expect(rest.json.payments.map((p: { id: string }) => p.id)).toEqual(byOffset.slice(2));
  });

  it("refuses a cursor given with offset, one from another search, and one it did not make, naming cursor", async () => {
    const first = await search("paymentCurrency=USDC-base&limit=1");
    const cursor = first.json.pagination.nextCursor as string;
    for (const query of [
      `paymentCurrency=USDC-base&offset=1&cursor=${cursor}`,
      `paymentCurrency=USDC&cursor=${cursor}`,
      "paymentCurrency=USDC-base&cursor=bm90LWEtY3Vyc29y",
      "type=direct&cursor=%2A",
    ]) {
      const r = await search(query);
      expect(r.status, query).toBe(400);
      expect(r.json.errors.map((e: { field: string }) => e.field)).toEqual(["cursor"]);
    }
  });

  it("describes a payment with the published fields", async () => {
    const r = await search(`txHash=${TX1}`);
    expect(r.json.payments[0]).toEqual({
      id: ids.a1,
      amount: "10",
      sourceNetwork: "base",
      destinationNetwork: "base",
      sourceTxHash: TX1,
      destinationTxHash: null,
      timestamp: "2024-01-10T08:00:00.000Z",
      type: "conversion",
      conversionRateSource: "1.0001",
      conversionRateDestination: null,
      convertedAmountSource: null,
      convertedAmountDestination: null,
      currency: "USD",
      paymentCurrency: "USDC",
      fees: [
        {
          type: "platform",
          stage: "sending",
          provider: "stablelink",
          amount: "0.1",
          currency: "USDC",
          receiverAddress: PAYEE_B,
          network: "base",
        },
      ],
      recurringPaymentId: null,
      rateProvider: "chainlink",
      request: {
        requestId: req.a1.requestId,
        paymentReference: req.a1.paymentReference,
        hasBeenPaid: true,
        customerInfo: { firstName: "Ada", email: "ada@example.com" },
        reference: "ORDER-1",
      },
    });
    expect((await search(`txHash=${TX2}`)).json.payments[0]).toMatchObject({
      type: "direct",
      fees: [],
      request: { hasBeenPaid: false, customerInfo: null },
    });
  });
});

describe("GET /v2/payments over recorded payments", () => {
  it("finds a payment that payment detection recorded by each of its request's filters", async () => {
    const p = await createTestPlatform("detected shop");
    const h = { "x-api-key": p.apiKey };
    const request = await testRequest({ platformId: p.platformId, clientIdId: null }, { reference: "DETECTED-1" });
    const payment = detected(request, 25_000_000n);
    expect((await record([payment])).recorded).toBe(1);
    for (const q of [
      `invoiceCurrency=USDC-base`,
      `reference=DETECTED-1`,
      `paymentReference=${request.paymentReference}`,
      `txHash=${payment.txHash}`,
      `walletAddress=${RECORDED_PAYER.toLowerCase()}`,
      `walletAddress=${RECORDED_PAYEE.toLowerCase()}`,
      `requestId=${request.requestId}`,
    ]) {
      const r = await search(q, h);
      expect(
        r.json.payments.map((x: { sourceTxHash: string }) => x.sourceTxHash),
        q,
      ).toEqual([payment.txHash]);
    }
  });
});

describe("GET /v2/payments scope and credentials", () => {
  it("reads only the caller's platform, with an API key, a client ID or a session", async () => {
    const otherKey = { "x-api-key": other.apiKey };
    expect((await search(`txHash=${TX1}`, otherKey)).json.payments.map((p: { id: string }) => p.id)).toEqual([ids.b1]);
    expect((await search(`requestId=${req.a1.requestId}`, otherKey)).json.pagination.total).toBe(0);
    const viaClient = await search(`txHash=${TX1}`, { "x-client-id": other.clientId, origin: TEST_ORIGIN });
    expect(viaClient.json.payments.map((p: { id: string }) => p.id)).toEqual([ids.b1]);
    const session = await createTestSession(platformId);
    expect(
      (await search("reference=ORDER-1", { authorization: `Bearer ${session.token}` })).json.pagination.total,
    ).toBe(2);
  });

  it("answers 401 without a credential", async () => {
    expect((await search(`txHash=${TX1}`, {})).status).toBe(401);
  });
});

describe("GET /v2/payments validation", () => {
  it("rejects a query with no filter, also one with only limit and offset", async () => {
    for (const q of ["", "limit=10&offset=0"]) {
      const r = await search(q);
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({
        statusCode: 400,
        error: "Bad Request",
        message: "Validation failed",
        errors: [{ field: "query", message: expect.stringContaining("at least one filter") }],
      });
    }
  });

  it.each([
    ["txHash=0x1234", "txHash"],
    [`txHash=${"ab".repeat(32)}`, "txHash"],
    ["walletAddress=0x123", "walletAddress"],
    ["walletAddress=Tnotanaddress", "walletAddress"],
    ["paymentReference=0xzz", "paymentReference"],
    ["requestId=abc", "requestId"],
    [`reference=${"x".repeat(256)}`, "reference"],
    ["type=batch", "type"],
    ["invoiceCurrency=NOPE", "invoiceCurrency"],
    ["paymentCurrency=", "paymentCurrency"],
    ["fromDate=2024-01-01", "fromDate"],
    ["fromDate=2024-01-01T00:00:00+02:00", "fromDate"],
    ["fromDate=2024-02-30T00:00:00Z", "fromDate"],
    ["toDate=yesterday", "toDate"],
    ["fromDate=2024-01-02T00:00:00Z&toDate=2024-01-01T00:00:00Z", "toDate"],
    ["type=direct&limit=0", "limit"],
    ["type=direct&limit=101", "limit"],
    ["type=direct&limit=ten", "limit"],
    ["type=direct&offset=-1", "offset"],
    ["type=direct&offset=10001", "offset"],
    ["type=direct&sort=asc", ""],
  ])("rejects %s naming %s", async (q, field) => {
    const r = await search(q);
    expect(r.status, r.text).toBe(400);
    expect(r.json.message).toBe("Validation failed");
    if (field) expect(r.json.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it("accepts the largest limit and offset", async () => {
    const r = await search(`type=direct&limit=100&offset=10000&walletAddress=0x${randomHex(20)}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.pagination).toEqual({ total: 0, limit: 100, offset: 10000, hasMore: false, nextCursor: null });
  });
});
