import { beforeAll, describe, expect, it } from "vitest";
import * as routes from "@/app/v2/currencies/[currencyId]/conversion-routes/route";
import * as currencies from "@/app/v2/currencies/route";
import { createTestPlatform, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";

let h: Record<string, string>;
beforeAll(async () => {
  h = { "x-api-key": (await createTestPlatform()).apiKey };
});

describe("GET /v2/currencies", () => {
  it("lists USDC and USDT on base with their production addresses and 6 decimals", async () => {
    const r = await call(currencies, "GET", "/v2/currencies?network=base", { headers: h });
    expect(r.status).toBe(200);
    const byId = Object.fromEntries(r.json.map((c: { id: string }) => [c.id, c]));
    expect(byId["USDC-base"]).toMatchObject({
      address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      decimals: 6,
      chainId: 8453,
      type: "ERC20",
    });
    expect(byId["USDT-base"]).toMatchObject({ address: "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2", decimals: 6 });
    expect(r.json.every((c: { network: string }) => c.network === "base")).toBe(true);
  });

  it("shows 18 decimals for the bsc stablecoins", async () => {
    const r = await call(currencies, "GET", "/v2/currencies?network=bsc&symbol=usdc&firstOnly=true", { headers: h });
    expect(r.json).toMatchObject({ id: "USDC-bsc", decimals: 18 });
    const usdt = await call(currencies, "GET", "/v2/currencies?id=USDT-bsc", { headers: h });
    expect(usdt.json.decimals).toBe(18);
  });

  it("answers one record for an id and 404 for an unknown one", async () => {
    expect((await call(currencies, "GET", "/v2/currencies?id=USDT0-arbitrum-one", { headers: h })).json.address).toBe(
      "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9",
    );
    const missing = await call(currencies, "GET", "/v2/currencies?id=NOPE-base", { headers: h });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({
      statusCode: 404,
      message: "Token not found",
      error: "Not Found",
      code: "token_not_found",
    });
  });

  it("refuses an unknown network and firstOnly without network and symbol", async () => {
    expect((await call(currencies, "GET", "/v2/currencies?network=solana", { headers: h })).status).toBe(400);
    const r = await call(currencies, "GET", "/v2/currencies?firstOnly=true", { headers: h });
    expect(r.status).toBe(400);
    expect(r.json.errors[0].field).toBe("firstOnly");
    expect(r.json.message).toBe("firstOnly can only be used when both network and symbol are provided");
    const yes = await call(currencies, "GET", "/v2/currencies?network=base&symbol=USDC&firstOnly=yes", { headers: h });
    expect(yes.status).toBe(400);
    // The hosted service's sentence, in message as in errors[].
    expect(yes.json.message).toBe("firstOnly must be 'true' or 'false' if provided");
  });

  it("works from a browser with a client ID", async () => {
    const { clientId } = await createTestPlatform("browser");
    const r = await call(currencies, "GET", "/v2/currencies?network=tron", {
      headers: { "x-client-id": clientId, origin: TEST_ORIGIN },
    });
    expect(r.json.map((c: { id: string }) => c.id).sort()).toEqual(["USDC-tron", "USDT-tron"]);
  });
});

describe("GET /v2/currencies/{currencyId}/conversion-routes", () => {
  it("lists the stablecoins a USD invoice can be paid with on one network", async () => {
    const r = await call(routes, "GET", "/v2/currencies/USD/conversion-routes?network=base", {
      headers: h,
      params: { currencyId: "USD" },
    });
    expect(r.status).toBe(200);
    expect(r.json.currencyId).toBe("USD");
    expect(r.json.network).toBe("base");
    expect(r.json.conversionRoutes.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining(["USDC-base", "USDT-base"]),
    );
  });

  it("filters by several networks, Tron's USDT and USDC included (priced by a quote at pay time)", async () => {
    const r = await call(routes, "GET", "/v2/currencies/EUR/conversion-routes?networks=mainnet,tron", {
      headers: h,
      params: { currencyId: "EUR" },
    });
    expect(r.json.networks).toEqual(["mainnet", "tron"]);
    const ids = r.json.conversionRoutes.map((c: { id: string }) => c.id);
    expect(ids).toEqual(expect.arrayContaining(["USDC-mainnet", "USDT-mainnet", "USDC-tron", "USDT-tron"]));
    expect(r.json.conversionRoutes.every((c: { network: string }) => ["mainnet", "tron"].includes(c.network))).toBe(
      true,
    );
  });

  it("answers 404 for an unknown currency and 400 for an unknown network", async () => {
    expect(
      (await call(routes, "GET", "/v2/currencies/XYZ/conversion-routes", { headers: h, params: { currencyId: "XYZ" } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(routes, "GET", "/v2/currencies/USD/conversion-routes?networks=base,moon", {
          headers: h,
          params: { currencyId: "USD" },
        })
      ).status,
    ).toBe(400);
  });
});
