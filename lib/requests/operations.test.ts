// /v2/request through the HTTP handlers: what is accepted, what is refused and how, and what
// GET and PATCH answer. Paths that need no chain state (no wallet, no conversion) run here;
// pay-on-chain.test.ts sends the calldata for real.

import fc from "fast-check";
import { parseUnits } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import * as payRoute from "@/app/v2/request/[requestId]/pay/route";
import * as requestIdRoute from "@/app/v2/request/[requestId]/route";
import * as routesRoute from "@/app/v2/request/[requestId]/routes/route";
import * as requestRoute from "@/app/v2/request/route";
import { systemAuditContext } from "../audit";
import { getCurrency } from "../chains/currencies";
import { updateClientId } from "../client-ids/manage-client-ids";
import { endLinkOf } from "../orchestrators/active-links";
import { createTestPlatform, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { tronWord, uint, word } from "../test/independent-abi";
import { paymentReference } from "./payment-reference";
import { findRequest } from "./request-store";

const PAYEE = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const PAYER = "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570";
const TRON_PAYEE = "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW";
const TRON_USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const TRON_FEE_PROXY = "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd";

let platform: Awaited<ReturnType<typeof createTestPlatform>>;
let other: Awaited<ReturnType<typeof createTestPlatform>>;
beforeAll(async () => {
  platform = await createTestPlatform("merchant");
  other = await createTestPlatform("someone else");
});

const key = () => ({ "x-api-key": platform.apiKey });
const create = (body: unknown, headers: Record<string, string> = key()) =>
  call(requestRoute, "POST", "/v2/request", { headers, body });
const get = (requestId: string, headers: Record<string, string> = key()) =>
  call(requestIdRoute, "GET", `/v2/request/${requestId}`, { headers, params: { requestId } });
const pay = (requestId: string, query = "", headers: Record<string, string> = key()) =>
  call(payRoute, "GET", `/v2/request/${requestId}/pay${query}`, { headers, params: { requestId } });

async function created(body: Record<string, unknown>): Promise<{ requestId: string; paymentReference: string }> {
  const r = await create(body);
  expect(r.status, r.text).toBe(201);
  return r.json;
}

const usdcBase = { amount: "10", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base", payee: PAYEE };

describe("POST /v2/request", () => {
  it("answers 201 with a 66-hex request id and the payment reference derived from it", async () => {
    const r = await create(usdcBase);
    expect(r.status).toBe(201);
    expect(r.json.requestId).toMatch(/^[0-9a-f]{66}$/);
    const stored = await findRequest(platform.platformId, r.json.requestId);
    expect(r.json.paymentReference).toBe(paymentReference(r.json.requestId, stored!.salt, PAYEE));
    expect(stored).toMatchObject({
      network: "base",
      expectedAmount: 10_000_000n,
      payee: PAYEE,
      clientIdId: null,
      status: "pending",
    });
  });

  it.each([
    [
      "an unknown currency",
      { ...usdcBase, paymentCurrency: "DOGE-base" },
      "paymentCurrency",
      /unknown currency "DOGE-base"/,
    ],
    ["an unknown invoice currency", { ...usdcBase, invoiceCurrency: "XYZ" }, "invoiceCurrency", /unknown currency/],
    ["a zero amount", { ...usdcBase, amount: "0" }, "amount", /greater than 0/],
    ["a negative amount", { ...usdcBase, amount: "-5" }, "amount", /positive decimal/],
    ["more decimals than USDC has", { ...usdcBase, amount: "1.0000001" }, "amount", /more than 6 decimal places/],
    [
      "more decimals than USD has",
      { ...usdcBase, invoiceCurrency: "USD", amount: "1.001" },
      "amount",
      /more than 2 decimal places, the precision of USD/,
    ],
    ["a number instead of a string", { ...usdcBase, amount: 10 }, "amount", /decimal string/],
    ["an invalid address", { ...usdcBase, payee: "0x1234" }, "payee", /is not an EVM address/],
    [
      "a bad checksum",
      { ...usdcBase, payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7d7" },
      "payee",
      /is not an EVM address/,
    ],
    ["a Tron payee for a base token", { ...usdcBase, payee: TRON_PAYEE }, "payee", /must be an EVM address .* on base/],
    [
      "an EVM payee for a Tron token",
      { ...usdcBase, invoiceCurrency: "USDT-tron", paymentCurrency: "USDT-tron" },
      "payee",
      /must be a Tron address/,
    ],
    ["the zero address", { ...usdcBase, payee: "0x0000000000000000000000000000000000000000" }, "payee", /zero address/],
    ["a payer equal to the payee", { ...usdcBase, payer: PAYEE.toLowerCase() }, "payer", /must differ from the payee/],
    ["a fiat payment currency", { ...usdcBase, paymentCurrency: "USD" }, "paymentCurrency", /fiat currency/],
    [
      "another token than the invoice's",
      { ...usdcBase, paymentCurrency: "USDT-base" },
      "paymentCurrency",
      /paid in USDC-base itself/,
    ],
    [
      "a fiat amount paid in a fiat currency",
      { ...usdcBase, invoiceCurrency: "USD", paymentCurrency: "EUR" },
      "paymentCurrency",
      /is a fiat currency/,
    ],
    [
      "an unsupported fiat",
      { ...usdcBase, invoiceCurrency: "CHF" },
      "invoiceCurrency",
      /not a supported invoice currency/,
    ],
    [
      "an unsupported fiat on Tron",
      { ...usdcBase, invoiceCurrency: "CHF", paymentCurrency: "USDT-tron", payee: TRON_PAYEE },
      "invoiceCurrency",
      /not a supported invoice currency/,
    ],
    [
      "a missing payee",
      { amount: "1", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base" },
      "payee",
      /is required/,
    ],
    [
      "crypto-to-fiat without a payee on a network without a deposit address",
      { amount: "1", invoiceCurrency: "USDT-tron", paymentCurrency: "USDT-tron", isCryptoToFiatAvailable: true },
      "payee",
      /no off-ramp deposit address is configured for tron/,
    ],
    [
      "a recurrence starting in the past",
      { ...usdcBase, recurrence: { startDate: "2020-01-01", frequency: "DAILY" } },
      "recurrence.startDate",
      /past/,
    ],
    [
      "an unknown frequency",
      { ...usdcBase, recurrence: { startDate: "2099-01-01", frequency: "HOURLY" } },
      "recurrence.frequency",
      /DAILY/,
    ],
    ["a bad email", { ...usdcBase, customerInfo: { email: "nope" } }, "customerInfo.email", /email/],
    [
      "an unknown original request",
      { ...usdcBase, originalRequestId: "01" + "a".repeat(64) },
      "originalRequestId",
      /no request of this platform/,
    ],
  ])("refuses %s with a 400 naming the field", async (_what, body, field, message) => {
    const r = await create(body);
    expect(r.status, r.text).toBe(400);
    expect(r.json).toMatchObject({ statusCode: 400, error: "Bad Request", message: "Validation failed" });
    const error = (r.json.errors as { field: string; message: string }[]).find((e) => e.field === field);
    expect(error, r.text).toBeDefined();
    expect(error!.message).toMatch(message);
  });

  it("stores a Tron request with its base58 payee", async () => {
    const { requestId } = await created({
      amount: "25.5",
      invoiceCurrency: "USDT-tron",
      paymentCurrency: "USDT-tron",
      payee: TRON_PAYEE,
    });
    expect(await findRequest(platform.platformId, requestId)).toMatchObject({
      network: "tron",
      payee: TRON_PAYEE,
      expectedAmount: 25_500_000n,
    });
  });

  it("records the client ID a browser creates a request with, and takes its fee settings", async () => {
    const feeAddress = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
    await updateClientId(
      platform.platformId,
      platform.clientIdId,
      { feePercentage: "1.5", feeAddress },
      endLinkOf,
      systemAuditContext(platform.platformId),
    );
    try {
      const r = await create(usdcBase, { "x-client-id": platform.clientId, origin: TEST_ORIGIN });
      expect(r.status, r.text).toBe(201);
      expect(await findRequest(platform.platformId, r.json.requestId)).toMatchObject({
        clientIdId: platform.clientIdId,
        origin: TEST_ORIGIN,
        feePercentage: "1.5",
        feeAddress,
      });
      // Paid later with the API key, the stored fee applies: 1.5 % of 10 USDC on top.
      const answer = await pay(r.json.requestId);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.transactions[0].data).toBe(
        `0x095ea7b3${word("0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814")}${uint(10_150_000n)}`,
      );
    } finally {
      await updateClientId(
        platform.platformId,
        platform.clientIdId,
        { feePercentage: null, feeAddress: null },
        endLinkOf,
        systemAuditContext(platform.platformId),
      );
    }
  });
});

describe("POST /v2/request with generated input", () => {
  it("answers 201 with the exact amount stored, or 400 — never anything else", async () => {
    const currency = fc.constantFrom(
      "USDC-base",
      "USDC-bsc",
      "USDT-tron",
      "ETH-base-base",
      "USD",
      "EUR",
      "JPY",
      "DAI-mainnet",
      "nope",
      "",
    );
    const amount = fc.oneof(
      fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 20 })).map(([units, places]) => {
        const digits = units.toString().padStart(places + 1, "0");
        return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
      }),
      fc.constantFrom("-1", "1e5", " 1", "0x10", "1.", ".5", "１", "NaN", "9".repeat(80)),
    );
    const address = fc.constantFrom(
      PAYEE,
      PAYER,
      TRON_PAYEE,
      PAYEE.toLowerCase(),
      "0x0000000000000000000000000000000000000000",
      "T123",
      "",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          amount,
          invoiceCurrency: currency,
          paymentCurrency: currency,
          payee: address,
          payer: fc.option(address, { nil: undefined }),
        }),
        async (body) => {
          const r = await create(body);
          expect([201, 400], r.text).toContain(r.status);
          if (r.status === 201) {
            const stored = await findRequest(platform.platformId, r.json.requestId);
            expect(stored!.expectedAmount).toBe(
              parseUnits(body.amount.trim(), getCurrency(body.invoiceCurrency)!.decimals),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("GET and PATCH /v2/request/{requestId}", () => {
  it("answers the status with what was asked, before any payment", async () => {
    const customerInfo = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      address: { city: "London", country: "gb" },
    };
    const { requestId, paymentReference } = await created({
      ...usdcBase,
      invoiceCurrency: "USD",
      amount: "10.50",
      payer: PAYER,
      customerInfo,
      reference: "ORDER-42",
    });
    const r = await get(requestId);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      requestId,
      paymentReference,
      hasBeenPaid: false,
      status: "pending",
      isListening: true,
      txHash: null,
      network: "base",
      payee: PAYEE,
      payer: PAYER,
      amount: "10.5",
      expectedAmount: "1050",
      amountPaid: "0",
      invoiceCurrency: "USD",
      paymentCurrency: "USDC-base",
      amountInUsd: "10.5",
      customerInfo: { ...customerInfo, address: { city: "London", country: "GB" } },
      reference: "ORDER-42",
      isRecurrenceStopped: false,
      payments: [],
      fees: [],
    });
    // The published document has no null for these: a field without a value is left out.
    for (const field of ["recurrence", "originalRequestId", "originalRequestPaymentReference", "rateSource"])
      expect(r.json, field).not.toHaveProperty(field);
  });

  it("answers 404 for another platform's request, an unknown id and a malformed one", async () => {
    const { requestId } = await created(usdcBase);
    expect((await get(requestId, { "x-api-key": other.apiKey })).status).toBe(404);
    expect((await get("01" + "0".repeat(64))).status).toBe(404);
    expect((await get("not-a-request")).status).toBe(404);
    expect((await get(requestId)).status).toBe(200);
  });

  it("stops and resumes a recurring request; refuses a one-off", async () => {
    const recurrence = { startDate: "2099-01-01", frequency: "MONTHLY" };
    const { requestId } = await created({ ...usdcBase, recurrence });
    const patch = (id: string, body: unknown) =>
      call(requestIdRoute, "PATCH", `/v2/request/${id}`, { headers: key(), params: { requestId: id }, body });
    const stopped = await patch(requestId, { isRecurrenceStopped: true });
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.json).toMatchObject({ requestId, recurrence, isRecurrenceStopped: true });
    expect((await get(requestId)).json.isRecurrenceStopped).toBe(true);
    expect((await patch(requestId, { isRecurrenceStopped: false })).json.isRecurrenceStopped).toBe(false);

    const oneOff = await created(usdcBase);
    const refused = await patch(oneOff.requestId, { isRecurrenceStopped: true });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/not recurring/);
    expect((await patch(requestId, { isRecurrenceStopped: "yes" })).status).toBe(400);
  });

  it("links a recurring request to its original and copies its payment reference", async () => {
    const original = await created({ ...usdcBase, recurrence: { startDate: "2099-01-01", frequency: "YEARLY" } });
    const next = await created({ ...usdcBase, originalRequestId: original.requestId });
    expect((await get(next.requestId)).json).toMatchObject({
      originalRequestId: original.requestId,
      originalRequestPaymentReference: original.paymentReference,
    });
  });
});

describe("GET /v2/request/{requestId}/pay without chain reads", () => {
  it("without a wallet: approval + payment, nothing checked", async () => {
    const { requestId, paymentReference } = await created({ ...usdcBase, amount: "2.5" });
    const r = await pay(requestId);
    expect(r.status, r.text).toBe(200);
    expect(r.json.metadata).toEqual({
      stepsRequired: 2,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
      hasEnoughBalance: false,
      hasEnoughGas: false,
    });
    const proxy = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814";
    expect(r.json.transactions[0]).toEqual({
      to: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      data: `0x095ea7b3${word(proxy)}${uint(2_500_000n)}`,
      value: 0,
    });
    expect(r.json.transactions[1]).toEqual({
      to: proxy,
      data:
        "0xc219a14d" +
        word("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913") +
        word(PAYEE) +
        uint(2_500_000n) +
        uint(0xc0n) +
        uint(0n) +
        word("0") +
        uint(8n) +
        paymentReference.slice(2).padEnd(64, "0"),
      value: 0,
    });
  });

  it("Tron: TRC-20 approvals (USDT: 0 first) and ERC20FeeProxy call with base58 targets, byte for byte", async () => {
    const { requestId, paymentReference } = await created({
      amount: "25.5",
      invoiceCurrency: "USDT-tron",
      paymentCurrency: "USDT-tron",
      payee: TRON_PAYEE,
    });
    const feeAddress = "TRZbXXuLd3HW5utzVysA3rpLgU7sVBrd1D";
    const r = await pay(requestId, `?feePercentage=2&feeAddress=${feeAddress}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.transactions).toEqual([
      { to: TRON_USDT, data: `0x095ea7b3${tronWord(TRON_FEE_PROXY)}${uint(0n)}`, value: 0 },
      { to: TRON_USDT, data: `0x095ea7b3${tronWord(TRON_FEE_PROXY)}${uint(26_010_000n)}`, value: 0 },
      {
        to: TRON_FEE_PROXY,
        data:
          "0xc219a14d" +
          tronWord(TRON_USDT) +
          tronWord(TRON_PAYEE) +
          uint(25_500_000n) +
          uint(0xc0n) +
          uint(510_000n) +
          tronWord(feeAddress) +
          uint(8n) +
          paymentReference.slice(2).padEnd(64, "0"),
        value: 0,
      },
    ]);
    expect(r.json.metadata).toMatchObject({
      stepsRequired: 3,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 2,
    });
    // USDC on Tron needs no reset.
    const usdc = await created({
      amount: "1",
      invoiceCurrency: "USDC-tron",
      paymentCurrency: "USDC-tron",
      payee: TRON_PAYEE,
    });
    const usdcPay = await pay(usdc.requestId);
    expect(usdcPay.json.transactions.map((t: { to: string }) => t.to)).toEqual([
      "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8",
      TRON_FEE_PROXY,
    ]);
  });

  it("pays a part when asked, never more than is due", async () => {
    const { requestId } = await created({ ...usdcBase, amount: "10" });
    expect((await pay(requestId, "?amount=4")).json.transactions[0].data.endsWith(uint(4_000_000n))).toBe(true);
    const over = await pay(requestId, "?amount=10.01");
    expect(over.status).toBe(400);
    expect(over.json.errors).toEqual([{ field: "amount", message: "is more than the amount of the request" }]);
    expect((await pay(requestId, "?amount=0.0000001")).json.errors[0].message).toMatch(/more than 6 decimal places/);
    expect((await pay(requestId, "?amount=-1")).status).toBe(400);
  });

  it("refuses another token on the request's own chain, a crosschain ask without wallet, and off-ramp parameters", async () => {
    const { requestId } = await created(usdcBase);
    const crosschain = await pay(requestId, "?chain=OPTIMISM&token=USDC");
    expect(crosschain.status).toBe(400);
    expect(crosschain.json.errors).toEqual([
      { field: "wallet", message: expect.stringMatching(/is required for a crosschain payment/) },
    ]);
    expect((await pay(requestId, "?chain=BASE&token=USDT")).json.message).toMatch(
      /with another token on its own chain/,
    );
    expect((await pay(requestId, "?chain=BASE")).json.errors).toEqual([
      { field: "token", message: "chain and token are given together" },
    ]);
    expect((await pay(requestId, "?chain=MOON&token=USDC")).status).toBe(400);
    const offramp = await pay(requestId, "?clientUserId=user-1&paymentDetailsId=abc");
    expect(offramp.status).toBe(400);
    expect(offramp.json).toMatchObject({
      code: "off_ramp_unavailable",
      message: expect.stringMatching(/not an off-ramp request/),
    });
    // Naming the request's own chain and token is a same-chain payment.
    expect((await pay(requestId, "?chain=BASE&token=USDC")).status).toBe(200);
  });

  it("refuses a wallet or fee address of the wrong family, and a fee without its address", async () => {
    const { requestId } = await created(usdcBase);
    expect((await pay(requestId, `?wallet=${TRON_PAYEE}`)).json.errors).toEqual([
      { field: "wallet", message: expect.stringMatching(/must be an EVM address/) },
    ]);
    expect((await pay(requestId, "?feePercentage=1")).json.errors).toEqual([
      { field: "feeAddress", message: "is required with a feePercentage above 0" },
    ]);
    expect((await pay(requestId, "?feePercentage=101&feeAddress=" + PAYER)).status).toBe(400);
    expect((await pay(requestId, `?feePercentage=1&feeAddress=${TRON_PAYEE}`)).json.errors[0].field).toBe("feeAddress");
  });

  it("answers 404 to another platform, with either credential", async () => {
    const { requestId } = await created(usdcBase);
    expect((await pay(requestId, "", { "x-api-key": other.apiKey })).status).toBe(404);
    expect((await pay(requestId, "", { "x-client-id": other.clientId, origin: TEST_ORIGIN })).status).toBe(404);
    expect((await pay(requestId, "", { "x-client-id": platform.clientId, origin: TEST_ORIGIN })).status).toBe(200);
  });

  it("a client ID's own fee overrides the fee of the call", async () => {
    const { requestId } = await created(usdcBase);
    const feeAddress = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
    await updateClientId(
      platform.platformId,
      platform.clientIdId,
      { feePercentage: "3", feeAddress },
      endLinkOf,
      systemAuditContext(platform.platformId),
    );
    try {
      const r = await pay(requestId, `?feePercentage=1&feeAddress=${PAYER}`, {
        "x-client-id": platform.clientId,
        origin: TEST_ORIGIN,
      });
      expect(r.json.transactions[0].data.endsWith(uint(10_300_000n))).toBe(true);
      expect(r.json.transactions[1].data).toContain(word(feeAddress).slice(24));
    } finally {
      await updateClientId(
        platform.platformId,
        platform.clientIdId,
        { feePercentage: null, feeAddress: null },
        endLinkOf,
        systemAuditContext(platform.platformId),
      );
    }
  });

  it("/routes needs the payer's wallet", async () => {
    const { requestId } = await created(usdcBase);
    const r = await call(routesRoute, "GET", `/v2/request/${requestId}/routes`, {
      headers: key(),
      params: { requestId },
    });
    expect(r.status).toBe(400);
    expect(r.json.errors[0].field).toBe("wallet");
  });
});
