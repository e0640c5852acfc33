import { beforeAll, describe, expect, it } from "vitest";
import * as apiKeyRoute from "@/app/v1/api-keys/[apiKeyId]/route";
import * as apiKeysRoute from "@/app/v1/api-keys/route";
import * as registerRoute from "@/app/v1/auth/register/route";
import * as currencies from "@/app/v2/currencies/route";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";

let n = 0;
async function signedInPlatform() {
  const r = await call(registerRoute, "POST", "/v1/auth/register", {
    body: { email: `owner${++n}@example.com`, password: "long-enough" },
  });
  expect(r.status).toBe(201);
  return {
    token: r.json.token as string,
    platformId: r.json.platformId as string,
    auth: { authorization: `Bearer ${r.json.token}` },
  };
}

const create = (headers: Record<string, string>, name: unknown) =>
  call(apiKeysRoute, "POST", "/v1/api-keys", { headers, body: { name } });
const list = (headers: Record<string, string>) => call(apiKeysRoute, "GET", "/v1/api-keys", { headers });
const revoke = (headers: Record<string, string>, apiKeyId: string) =>
  call(apiKeyRoute, "DELETE", `/v1/api-keys/${encodeURIComponent(apiKeyId)}`, { headers, params: { apiKeyId } });
const useKey = (key: string) =>
  call(currencies, "GET", "/v2/currencies?network=base", { headers: { "x-api-key": key } });

let owner: Awaited<ReturnType<typeof signedInPlatform>>;
beforeAll(async () => {
  owner = await signedInPlatform();
});

describe("API key scopes at creation", () => {
  const createWith = (body: unknown) => call(apiKeysRoute, "POST", "/v1/api-keys", { headers: owner.auth, body });

  it("gives all four scopes when none are asked, and the ones asked otherwise, listed as created", async () => {
    const full = await createWith({ name: "full" });
    expect(full.json.scopes).toEqual(["read", "payments", "payouts", "admin"]);
    const some = await createWith({ name: "some", scopes: ["payouts", "read"] });
    expect(some.status, some.text).toBe(201);
    expect(some.json.scopes).toEqual(["read", "payouts"]);
    const listed = (await list(owner.auth)).json.find((k: { id: string }) => k.id === some.json.id);
    expect(listed.scopes).toEqual(["read", "payouts"]);
    // A read key reads (the write it may not do is the authorization matrix's business).
    const read = await createWith({ name: "read", scopes: ["read"] });
    expect((await useKey(read.json.key)).status).toBe(200);
  });

  it("refuses an unknown scope, none at all, or one twice, naming the field", async () => {
    for (const scopes of [["write"], [], ["read", "read"], "read"]) {
      const r = await createWith({ name: "bad", scopes });
      expect(r.status, JSON.stringify(scopes)).toBe(400);
      expect(r.json.errors.map((e: { field: string }) => e.field)[0]).toMatch(/^scopes/);
    }
  });
});

describe("API keys over the API", () => {
  it("creates a key shown once in full, which authenticates /v2 calls of the platform", async () => {
    const r = await create(owner.auth, "  backend  ");
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ name: "backend", lastUsedAt: null, revokedAt: null });
    expect(r.json.key).toMatch(/^slk_/);
    expect(r.json.key.startsWith(r.json.prefix)).toBe(true);
    expect(r.json.key.length).toBeGreaterThan(r.json.prefix.length + 20);
    expect((await useKey(r.json.key)).status).toBe(200);
  });

  it("lists the platform's keys by prefix only, never the key or its hash", async () => {
    const made = (await create(owner.auth, "listed")).json;
    const r = await list(owner.auth);
    expect(r.status).toBe(200);
    const row = r.json.find((k: { id: string }) => k.id === made.id);
    expect(Object.keys(row).sort()).toEqual(["createdAt", "id", "lastUsedAt", "name", "prefix", "revokedAt", "scopes"]);
    expect(row).toMatchObject({ name: "listed", prefix: made.prefix });
    expect(r.text).not.toContain(made.key);
    expect(r.text).not.toMatch(/keyHash|key_hash/);
  });

  it("revokes a key: it stops working at once and shows as revoked; revoking again answers the same", async () => {
    const made = (await create(owner.auth, "to revoke")).json;
    expect((await useKey(made.key)).status).toBe(200);
    const r = await revoke(owner.auth, made.id);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: made.id, name: "to revoke", revokedAt: expect.any(String) });
    const denied = await useKey(made.key);
    expect(denied.status).toBe(401);
    const listed = (await list(owner.auth)).json.find((k: { id: string }) => k.id === made.id);
    expect(listed.revokedAt).toBe(r.json.revokedAt);
    const again = await revoke(owner.auth, made.id);
    expect(again.status).toBe(200);
    expect(again.json.revokedAt).toBe(r.json.revokedAt);
  });

  it("keeps each platform to its own keys: another platform's key id is a 404, like an unknown one", async () => {
    const other = await createTestPlatform("other");
    const r = await revoke(owner.auth, other.apiKeyId);
    expect(r.status).toBe(404);
    expect(r.json).toEqual({
      statusCode: 404,
      message: "API key not found",
      error: "Not Found",
      code: "api_key_not_found",
    });
    expect((await useKey(other.apiKey)).status).toBe(200);
    expect((await list(owner.auth)).json.map((k: { id: string }) => k.id)).not.toContain(other.apiKeyId);
    expect((await revoke(owner.auth, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    for (const bad of ["not-a-uuid", "1", "'; drop table api_keys; --", "x".repeat(500)]) {
      expect((await revoke(owner.auth, bad)).status, bad).toBe(404);
    }
  });

  it("needs a session: no credentials, an API key or a cross-site cookie request are refused", async () => {
    expect((await list({})).status).toBe(401);
    const platform = await createTestPlatform("api-key only");
    expect((await list({ "x-api-key": platform.apiKey })).status).toBe(401);
    expect((await create({ "x-api-key": platform.apiKey }, "escalate")).status).toBe(401);
    const crossSite = await create({ cookie: `session_token=${owner.token}`, origin: "https://evil.example" }, "csrf");
    expect(crossSite.status).toBe(403);
    const sameSite = await create(
      { cookie: `session_token=${owner.token}`, origin: "http://localhost:3000" },
      "from the dashboard",
    );
    expect(sameSite.status).toBe(201);
  });

  it("refuses an empty or overlong name", async () => {
    expect((await create(owner.auth, "   ")).status).toBe(400);
    expect((await create(owner.auth, "n".repeat(101))).status).toBe(400);
    expect((await create(owner.auth, 42)).json.errors[0].field).toBe("name");
  });

  it("does not replay a created key for a repeated Idempotency-Key: each request makes its own key", async () => {
    const headers = { ...owner.auth, "idempotency-key": "same-key" };
    const a = await create(headers, "idem");
    const b = await create(headers, "idem");
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.json.id).not.toBe(a.json.id);
    expect(b.headers.get("idempotency-replayed")).toBeNull();
  });
});
