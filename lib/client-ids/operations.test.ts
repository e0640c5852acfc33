import { beforeAll, describe, expect, it } from "vitest";
import * as item from "@/app/v2/client-ids/[id]/route";
import * as collection from "@/app/v2/client-ids/route";
import * as currencies from "@/app/v2/currencies/route";
import { createTestSession } from "../orchestrators/fixtures";
import { createTestPlatform, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";

const EVM = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

let h: Record<string, string>;
beforeAll(async () => {
  h = { "x-api-key": (await createTestPlatform()).apiKey };
});

const create = (body: unknown, headers = h) => call(collection, "POST", "/v2/client-ids", { headers, body });
const get = (id: string, headers = h) => call(item, "GET", `/v2/client-ids/${id}`, { headers, params: { id } });
const put = (id: string, body: unknown, headers = h) =>
  call(item, "PUT", `/v2/client-ids/${id}`, { headers, body, params: { id } });
const del = (id: string, headers = h) => call(item, "DELETE", `/v2/client-ids/${id}`, { headers, params: { id } });
const browser = (clientId: string, origin = "https://shop.example.com") =>
  call(currencies, "GET", "/v2/currencies?network=base", { headers: { "x-client-id": clientId, origin } });

function fieldsOf(r: { json: { errors?: { field: string }[] } }) {
  return (r.json.errors ?? []).map((e) => e.field);
}

describe("POST /v2/client-ids", () => {
  it("creates a client ID from the hosted quickstart's body, where null means not set", async () => {
    const r = await create({
      label: "Quickstart",
      allowedDomains: ["https://shop.example.com"],
      feePercentage: null,
      feeAddress: null,
      operatorWalletAddress: null,
    });
    expect(r.status, r.text).toBe(201);
    expect(r.json).toMatchObject({ feePercentage: null, feeAddress: null, operatorWalletAddress: null });
    // Still refused: null for a required field, an unknown field even when null, a wrong type.
    for (const [body, field] of [
      [{ label: null, allowedDomains: ["https://shop.example.com"] }, "label"],
      [{ label: "x", allowedDomains: ["https://shop.example.com"], colour: null }, "colour"],
      [{ label: "x", allowedDomains: ["https://shop.example.com"], feePercentage: 1 }, "feePercentage"],
    ] as const) {
      const refused = await create(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(refused), JSON.stringify(body)).toContain(field);
    }
    // On PUT, null keeps its own meaning where the field takes it: the fee is unset.
    const withFee = await create({
      label: "Fee",
      allowedDomains: ["https://shop.example.com"],
      feePercentage: "1",
      feeAddress: EVM,
    });
    const unset = await put(withFee.json.id, { feePercentage: null, feeAddress: null, label: null });
    expect(unset.status, unset.text).toBe(200);
    expect(unset.json).toMatchObject({ label: "Fee", feePercentage: null, feeAddress: null });
  });

  it("creates a client ID that a browser on an allowed origin can use at once", async () => {
    const r = await create({ label: "Shop", allowedDomains: ["https://Shop.Example.com/"] });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      label: "Shop",
      allowedDomains: ["https://shop.example.com"],
      feePercentage: null,
      feeAddress: null,
      operatorWalletAddress: null,
      defaultPreApprovalExpiry: null,
      defaultAuthorizationExpiry: null,
      status: "active",
      lastUsedAt: null,
      webhookRegistrationByClientId: false,
    });
    expect(r.json.clientId).toMatch(/^cid_[0-9a-f]{32}$/);
    expect(r.json.id).not.toBe(r.json.clientId);
    expect((await browser(r.json.clientId)).status).toBe(200);
    expect((await browser(r.json.clientId, "https://elsewhere.example.net")).status).toBe(403);
  });

  it("keeps fee, operator and expiry settings, normalizing the fee and the EVM checksum", async () => {
    const r = await create({
      label: "  With fees  ",
      allowedDomains: ["*.example.com", "localhost", "*.example.com"],
      feePercentage: "02.50",
      feeAddress: EVM.toLowerCase(),
      operatorWalletAddress: TRON,
      defaultPreApprovalExpiry: 3600,
      defaultAuthorizationExpiry: 86400,
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      label: "With fees",
      allowedDomains: ["*.example.com", "localhost"],
      feePercentage: "2.5",
      feeAddress: EVM,
      operatorWalletAddress: TRON,
      defaultPreApprovalExpiry: 3600,
      defaultAuthorizationExpiry: 86400,
    });
    expect((await get(r.json.id)).json).toEqual({ ...r.json });
  });

  it("refuses invalid settings, naming each field", async () => {
    const cases: [unknown, string][] = [
      [{ allowedDomains: ["https://a.example"] }, "label"],
      [{ label: "   ", allowedDomains: ["https://a.example"] }, "label"],
      [{ label: "x".repeat(101), allowedDomains: ["https://a.example"] }, "label"],
      [{ label: "x" }, "allowedDomains"],
      [{ label: "x", allowedDomains: [], payeeDestinationId: "" }, "payeeDestinationId"],
      [{ label: "x", allowedDomains: ["*"] }, "allowedDomains.0"],
      [{ label: "x", allowedDomains: ["https://a.example/path"] }, "allowedDomains.0"],
      [{ label: "x", allowedDomains: Array.from({ length: 11 }, (_, i) => `https://s${i}.example`) }, "allowedDomains"],
      [{ label: "x", allowedDomains: ["https://a.example"], feePercentage: "101", feeAddress: EVM }, "feePercentage"],
      [{ label: "x", allowedDomains: ["https://a.example"], feePercentage: "2.555", feeAddress: EVM }, "feePercentage"],
      [{ label: "x", allowedDomains: ["https://a.example"], feePercentage: 2.5, feeAddress: EVM }, "feePercentage"],
      [{ label: "x", allowedDomains: ["https://a.example"], feePercentage: "2.5" }, "feeAddress"],
      [
        {
          label: "x",
          allowedDomains: ["https://a.example"],
          feePercentage: "1",
          feeAddress: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7d7",
        },
        "feeAddress",
      ],
      [
        { label: "x", allowedDomains: ["https://a.example"], feeAddress: "0x0000000000000000000000000000000000000000" },
        "feeAddress",
      ],
      [
        {
          label: "x",
          allowedDomains: ["https://a.example"],
          operatorWalletAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u",
        },
        "operatorWalletAddress",
      ],
      [{ label: "x", allowedDomains: ["https://a.example"], defaultPreApprovalExpiry: 0 }, "defaultPreApprovalExpiry"],
      [
        { label: "x", allowedDomains: ["https://a.example"], defaultPreApprovalExpiry: 1.5 },
        "defaultPreApprovalExpiry",
      ],
      [
        { label: "x", allowedDomains: ["https://a.example"], defaultAuthorizationExpiry: 1e12 },
        "defaultAuthorizationExpiry",
      ],
      [
        { label: "x", allowedDomains: ["https://a.example"], defaultAuthorizationExpiry: "3600" },
        "defaultAuthorizationExpiry",
      ],
    ];
    for (const [body, field] of cases) {
      const r = await create(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.message).toBe("Validation failed");
      expect(fieldsOf(r), JSON.stringify(body)).toContain(field);
    }
  });

  it("accepts a 0 % fee without a fee address (request fees then apply)", async () => {
    const r = await create({ label: "zero", allowedDomains: ["https://a.example"], feePercentage: "0" });
    expect(r.status).toBe(201);
    expect(r.json.feePercentage).toBe("0");
  });

  it("answers 400, never 500, to hostile input", async () => {
    for (const body of [
      { label: "a\u0000b", allowedDomains: ["https://a.example"] },
      { label: "x", allowedDomains: ["https://a.example\u0000"] },
      { label: ["x"], allowedDomains: "https://a.example" },
      { label: "x", allowedDomains: [{}] },
      "[]",
      "null",
    ]) {
      const r = await create(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (
        await call(collection, "POST", "/v2/client-ids", {
          headers: { ...h, "content-type": "text/plain" },
          body: "label=x",
        })
      ).status,
    ).toBe(415);
  });

  it("works from the dashboard with a session, and refuses a cross-site cookie request", async () => {
    const p = await createTestPlatform("dashboard");
    const s = await createTestSession(p.platformId);
    const bearer = { authorization: `Bearer ${s.token}` };
    const r = await create({ label: "From dashboard", allowedDomains: ["https://a.example"] }, bearer);
    expect(r.status).toBe(201);
    const list = await call(collection, "GET", "/v2/client-ids", { headers: bearer });
    expect(list.json.map((c: { label: string }) => c.label)).toContain("From dashboard");

    const cookie = { cookie: `session_token=${s.token}` };
    const own = await create(
      { label: "cookie", allowedDomains: ["https://a.example"] },
      { ...cookie, origin: "http://localhost:3000" },
    );
    expect(own.status).toBe(201);
    const csrf = await create(
      { label: "csrf", allowedDomains: ["https://a.example"] },
      { ...cookie, origin: "https://evil.example" },
    );
    expect(csrf.status).toBe(403);
  });

  it("needs credentials", async () => {
    expect((await create({ label: "x", allowedDomains: ["https://a.example"] }, {})).status).toBe(401);
    const { clientId } = await createTestPlatform("browser only");
    const r = await create(
      { label: "x", allowedDomains: ["https://a.example"] },
      { "x-client-id": clientId, origin: TEST_ORIGIN },
    );
    expect(r.status).toBe(401);
  });
});

describe("GET /v2/client-ids", () => {
  it("lists only the platform's own client IDs, newest first, as list items", async () => {
    const p = await createTestPlatform("lister");
    const other = await createTestPlatform("other");
    const headers = { "x-api-key": p.apiKey };
    const second = await create(
      { label: "second", allowedDomains: ["https://b.example"], feePercentage: "1", feeAddress: EVM },
      headers,
    );
    const r = await call(collection, "GET", "/v2/client-ids", { headers });
    expect(r.status).toBe(200);
    expect(r.json.map((c: { id: string }) => c.id)).toEqual([second.json.id, p.clientIdId]);
    expect(r.json.map((c: { id: string }) => c.id)).not.toContain(other.clientIdId);
    expect(Object.keys(r.json[0]).sort()).toEqual([
      "allowedDomains",
      "clientId",
      "createdAt",
      "id",
      "label",
      "lastUsedAt",
      "status",
    ]);
  });
});

describe("GET /v2/client-ids/{id}", () => {
  it("answers the full record, and 404 for a missing, malformed or foreign id", async () => {
    const p = await createTestPlatform("reader");
    const r = await get(p.clientIdId, { "x-api-key": p.apiKey });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(
      [
        "allowedDomains",
        "clientId",
        "createdAt",
        "defaultAuthorizationExpiry",
        "defaultPreApprovalExpiry",
        "feeAddress",
        "feePercentage",
        "id",
        "label",
        "lastUsedAt",
        "operatorWalletAddress",
        "payeeDestinationId",
        "status",
        "updatedAt",
        "webhookRegistrationByClientId",
      ].sort(),
    );
    for (const id of [p.clientIdId, "00000000-0000-4000-8000-000000000000", "123", p.clientId]) {
      const miss = await get(id);
      expect(miss.status, id).toBe(404);
      expect(miss.json).toEqual({
        statusCode: 404,
        message: "Client ID not found",
        error: "Not Found",
        code: "client_id_not_found",
      });
    }
  });

  it("shows when the client ID was last used by a browser", async () => {
    const c = await create({ label: "used", allowedDomains: [TEST_ORIGIN] });
    expect(c.json.lastUsedAt).toBeNull();
    await browser(c.json.clientId);
    let lastUsedAt = null;
    for (let i = 0; i < 50 && !lastUsedAt; i++) {
      lastUsedAt = (await get(c.json.id)).json.lastUsedAt;
      if (!lastUsedAt) await new Promise((r) => setTimeout(r, 20));
    }
    expect(Date.parse(lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("PUT /v2/client-ids/{id}", () => {
  it("changes only the fields sent, and null unsets", async () => {
    const c = await create({
      label: "before",
      allowedDomains: ["https://a.example"],
      feePercentage: "1.5",
      feeAddress: EVM,
      defaultPreApprovalExpiry: 60,
    });
    const r = await put(c.json.id, { label: "after", allowedDomains: ["https://new.example"] });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      label: "after",
      allowedDomains: ["https://new.example"],
      feePercentage: "1.5",
      feeAddress: EVM,
      defaultPreApprovalExpiry: 60,
    });
    expect(Date.parse(r.json.updatedAt)).toBeGreaterThanOrEqual(Date.parse(c.json.createdAt));
    const unset = await put(c.json.id, { feePercentage: null, feeAddress: null, defaultPreApprovalExpiry: null });
    expect(unset.json).toMatchObject({
      feePercentage: null,
      feeAddress: null,
      defaultPreApprovalExpiry: null,
      label: "after",
    });
    expect((await browser(c.json.clientId, "https://a.example")).status).toBe(403);
    expect((await browser(c.json.clientId, "https://new.example")).status).toBe(200);
  });

  it("checks the fee against the stored fee address", async () => {
    const c = await create({
      label: "fees",
      allowedDomains: ["https://a.example"],
      feePercentage: "1",
      feeAddress: EVM,
    });
    const r = await put(c.json.id, { feeAddress: null });
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(["feeAddress"]);
    expect((await put(c.json.id, { feePercentage: "3" })).json.feePercentage).toBe("3");
    expect((await get(c.json.id)).json.feeAddress).toBe(EVM);
  });

  it("turns webhook management by the client ID alone on and off", async () => {
    const c = await create({
      label: "hooks",
      allowedDomains: ["https://a.example"],
      webhookRegistrationByClientId: true,
    });
    expect(c.json.webhookRegistrationByClientId).toBe(true);
    expect((await put(c.json.id, { webhookRegistrationByClientId: false })).json.webhookRegistrationByClientId).toBe(
      false,
    );
    const bad = await put(c.json.id, { webhookRegistrationByClientId: "yes" });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(["webhookRegistrationByClientId"]);
  });

  it("pauses with status inactive and resumes with active", async () => {
    const c = await create({ label: "pausable", allowedDomains: [TEST_ORIGIN] });
    expect((await put(c.json.id, { status: "inactive" })).json.status).toBe("inactive");
    expect((await browser(c.json.clientId)).status).toBe(401);
    expect((await put(c.json.id, { status: "active" })).json.status).toBe("active");
    expect((await browser(c.json.clientId)).status).toBe(200);
  });

  it("refuses an empty update and an unknown status", async () => {
    const c = await create({ label: "strict", allowedDomains: ["https://a.example"] });
    expect((await put(c.json.id, {})).status).toBe(400);
    expect((await put(c.json.id, { status: "paused" })).status).toBe(400);
    expect((await put(c.json.id, { label: "" })).status).toBe(400);
    expect((await put(c.json.id, { allowedDomains: null })).status).toBe(400);
  });

  it("answers 404 for another platform's client ID and changes nothing", async () => {
    const other = await createTestPlatform("victim");
    const r = await put(other.clientIdId, { label: "hijacked", status: "revoked" });
    expect(r.status).toBe(404);
    const still = await get(other.clientIdId, { "x-api-key": other.apiKey });
    expect(still.json).toMatchObject({ label: "test client", status: "active" });
  });
});

describe("DELETE /v2/client-ids/{id} (revoke)", () => {
  it("revokes for good: the client ID authenticates nothing and cannot be changed or reactivated", async () => {
    const c = await create({ label: "doomed", allowedDomains: [TEST_ORIGIN] });
    expect((await browser(c.json.clientId)).status).toBe(200);
    const r = await del(c.json.id);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: c.json.id, clientId: c.json.clientId, status: "revoked" });
    expect((await browser(c.json.clientId)).status).toBe(401);

    for (const body of [{ status: "active" }, { status: "inactive" }, { label: "renamed" }]) {
      const again = await put(c.json.id, body);
      expect(again.status).toBe(400);
      expect(again.json.message).toMatch(/revoked/);
    }
    expect((await get(c.json.id)).json).toMatchObject({ status: "revoked", label: "doomed" });
    const list = await call(collection, "GET", "/v2/client-ids", { headers: h });
    expect(list.json.find((x: { id: string }) => x.id === c.json.id).status).toBe("revoked");
  });

  it("answers the same record when revoked twice, and revokes through PUT status revoked", async () => {
    const c = await create({ label: "twice", allowedDomains: [TEST_ORIGIN] });
    const first = await del(c.json.id);
    const second = await del(c.json.id);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);

    const viaPut = await create({ label: "via put", allowedDomains: [TEST_ORIGIN] });
    const r = await put(viaPut.json.id, { status: "revoked" });
    expect(r.json.status).toBe("revoked");
    expect((await browser(viaPut.json.clientId)).status).toBe(401);
  });

  it("answers 404 for a missing or foreign id", async () => {
    const other = await createTestPlatform("untouchable");
    expect((await del(other.clientIdId)).status).toBe(404);
    expect((await del("not-a-uuid")).status).toBe(404);
    expect((await browser(other.clientId)).status).toBe(200);
  });
});
