import { beforeAll, describe, expect, it } from "vitest";
import * as apiKeyRoute from "@/app/v1/api-keys/[apiKeyId]/route";
import * as apiKeysRoute from "@/app/v1/api-keys/route";
import * as auditRoute from "@/app/v1/platform/audit-log/route";
import { call } from "../test/http";
import { readAuditLog, signedInOwner, storedAuditText } from "./audit-fixtures";

const FROM = { "user-agent": "audit-test/1.0", "x-forwarded-for": "203.0.113.7" };

let owner: Awaited<ReturnType<typeof signedInOwner>>;
let created: { id: string; key: string; prefix: string };

beforeAll(async () => {
  owner = await signedInOwner();
  const c = await call(apiKeysRoute, "POST", "/v1/api-keys", {
    headers: { ...owner.auth, ...FROM },
    body: { name: "ci deploy", scopes: ["read", "admin"] },
  });
  expect(c.status, c.text).toBe(201);
  created = c.json;
  const r = await call(apiKeyRoute, "DELETE", `/v1/api-keys/${created.id}`, {
    headers: { ...owner.auth, ...FROM },
    params: { apiKeyId: created.id },
  });
  expect(r.status, r.text).toBe(200);
});

describe("API keys in the audit log", () => {
  it("records the creation and the revocation: who (the user, signed in by email), from where, what", async () => {
    const { auditEvents } = await readAuditLog(owner.auth, "?targetType=api_key");
    expect(auditEvents.map((e) => e.action)).toEqual(["api_key.revoked", "api_key.created"]);
    const [revoked, made] = auditEvents;
    for (const e of [revoked, made]) {
      expect(e.actor).toMatchObject({ type: "user", signInMethod: "email", apiKeyPrefix: null });
      expect(e.actor.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(e.target).toEqual({ type: "api_key", id: created.id });
      expect(e.clientIp).toBe("203.0.113.7");
      expect(e.userAgent).toBe("audit-test/1.0");
    }
    expect(made.changes).toEqual([
      { field: "name", before: null, after: "ci deploy", redacted: false },
      { field: "prefix", before: null, after: created.prefix, redacted: false },
      { field: "scopes", before: null, after: "read, admin", redacted: false },
    ]);
    expect(revoked.changes).toEqual([]);
  });

  it("never stores the key, nor its secret part, in any row", async () => {
    const text = await storedAuditText(owner.platformId);
    expect(text).toContain(created.prefix);
    expect(text).not.toContain(created.key);
    expect(text).not.toContain(created.key.slice(created.prefix.length));
  });

  it("records nothing for a second revoke, which changes nothing", async () => {
    await call(apiKeyRoute, "DELETE", `/v1/api-keys/${created.id}`, {
      headers: owner.auth,
      params: { apiKeyId: created.id },
    });
    const { auditEvents } = await readAuditLog(owner.auth, `?action=api_key.revoked`);
    expect(auditEvents).toHaveLength(1);
  });

  it("is read by an API key with the admin scope, refused to a read-only key", async () => {
    const k = await call(apiKeysRoute, "POST", "/v1/api-keys", { headers: owner.auth, body: { name: "admin bot" } });
    const asKey = { "x-api-key": k.json.key as string };
    const { auditEvents } = await readAuditLog(asKey, "?action=api_key.created&limit=1");
    expect(auditEvents[0].actor.type).toBe("user");
    const readOnly = await call(apiKeysRoute, "POST", "/v1/api-keys", {
      headers: owner.auth,
      body: { name: "reporting", scopes: ["read"] },
    });
    const refused = await call(auditRoute, "GET", "/v1/platform/audit-log", {
      headers: { "x-api-key": readOnly.json.key },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("api_key_scope_missing");
  });
});

describe("reading the audit log", () => {
  it("shows another platform none of this platform's entries", async () => {
    const other = await signedInOwner();
    const { auditEvents } = await readAuditLog(other.auth);
    expect(auditEvents.filter((e) => e.target.id === created.id)).toEqual([]);
    const byTarget = await readAuditLog(other.auth, `?targetId=${created.id}`);
    expect(byTarget.auditEvents).toEqual([]);
  });

  it("filters by action, actor and dates, and pages with limit and offset", async () => {
    const all = await readAuditLog(owner.auth);
    const userId = all.auditEvents[0].actor.id ?? "";
    const byActor = await readAuditLog(owner.auth, `?actorId=${userId}&action=api_key.created`);
    expect(byActor.auditEvents.every((e) => e.actor.id === userId && e.action === "api_key.created")).toBe(true);
    const future = await readAuditLog(owner.auth, "?fromDate=2999-01-01T00:00:00Z");
    expect(future.auditEvents).toEqual([]);
    const page = await readAuditLog(owner.auth, "?limit=1&offset=1");
    expect(page.auditEvents).toHaveLength(1);
    expect(page.auditEvents[0].id).toBe(all.auditEvents[1].id);
    expect(page.pagination).toMatchObject({ total: all.pagination.total, hasMore: all.pagination.total > 2 });
  });

  it("refuses an unknown action, a bad date and an unknown parameter, naming the field", async () => {
    for (const [query, field] of [
      ["?action=api_key.exploded", "action"],
      ["?fromDate=yesterday", "fromDate"],
      ["?secret=1", "secret"],
      ["?limit=0", "limit"],
    ]) {
      const r = await call(auditRoute, "GET", `/v1/platform/audit-log${query}`, { headers: owner.auth });
      expect(r.status, query).toBe(400);
      expect(r.json.errors[0].field, query).toBe(field);
    }
  });

  it("refuses a caller without credentials", async () => {
    const r = await call(auditRoute, "GET", "/v1/platform/audit-log");
    expect(r.status).toBe(401);
  });
});
