// Changes to a platform's setup made over the HTTP API land in its audit log with who made
// them and what changed, and a secret never does: webhook endpoints (created, deactivated,
// secret rotated, deleted), client IDs (created, changed, revoked), the profile by an API key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiKeysRoute from "@/app/v1/api-keys/route";
import * as profileRoute from "@/app/v1/platform/profile/route";
import * as rotateRoute from "@/app/v1/webhook/[webhookId]/rotate-secret/route";
import * as webhookRoute from "@/app/v1/webhook/[webhookId]/route";
import * as webhooksRoute from "@/app/v1/webhook/route";
import * as clientIdRoute from "@/app/v2/client-ids/[id]/route";
import * as clientIdsRoute from "@/app/v2/client-ids/route";
import { call } from "../test/http";
import { type Receiver, startReceiver } from "../webhooks/receiver-fixtures";
import { readAuditLog, signedInOwner, storedAuditText } from "./audit-fixtures";

let owner: Awaited<ReturnType<typeof signedInOwner>>;
let receiver: Receiver;
let client: { id: string; clientId: string };

beforeAll(async () => {
  receiver = await startReceiver();
  owner = await signedInOwner();
  const c = await call(clientIdsRoute, "POST", "/v2/client-ids", {
    headers: owner.auth,
    body: { label: "Web checkout", allowedDomains: ["https://shop.example.com"] },
  });
  expect(c.status, c.text).toBe(201);
  client = c.json;
});
afterAll(() => receiver.close());

describe("webhook endpoints in the audit log", () => {
  it("records creation, deactivation, rotation and deletion, and never a secret", async () => {
    const created = await call(webhooksRoute, "POST", "/v1/webhook", {
      headers: owner.auth,
      body: { url: `${receiver.url}/hook`, clientId: client.clientId },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const firstSecret = created.json.secret as string;
    const off = await call(webhookRoute, "PUT", `/v1/webhook/${id}`, {
      headers: owner.auth,
      params: { webhookId: id },
      body: { isActive: false },
    });
    expect(off.status, off.text).toBe(200);
    const rotated = await call(rotateRoute, "POST", `/v1/webhook/${id}/rotate-secret`, {
      headers: owner.auth,
      params: { webhookId: id },
      body: { overlapSeconds: 60 },
    });
    expect(rotated.status, rotated.text).toBe(200);
    const deleted = await call(webhookRoute, "DELETE", `/v1/webhook/${id}`, {
      headers: owner.auth,
      params: { webhookId: id },
    });
    expect(deleted.status, deleted.text).toBe(200);

    const { auditEvents } = await readAuditLog(owner.auth, `?targetId=${id}`);
    expect(auditEvents.map((e) => e.action)).toEqual([
      "webhook.deleted",
      "webhook.secret_rotated",
      "webhook.updated",
      "webhook.created",
    ]);
    const [gone, rotation, update, creation] = auditEvents;
    expect(creation.changes).toContainEqual({
      field: "url",
      before: null,
      after: `${receiver.url}/hook`,
      redacted: false,
    });
    expect(creation.changes).toContainEqual({ field: "secret", before: null, after: null, redacted: true });
    expect(update.changes).toEqual([{ field: "isActive", before: "true", after: "false", redacted: false }]);
    expect(rotation.changes[0]).toEqual({ field: "secret", before: null, after: null, redacted: true });
    expect(gone.changes).toEqual([{ field: "url", before: `${receiver.url}/hook`, after: null, redacted: false }]);
    for (const e of auditEvents) expect(e.actor).toMatchObject({ type: "user", signInMethod: "email" });

    const stored = await storedAuditText(owner.platformId);
    for (const secret of [firstSecret, rotated.json.secret as string]) {
      expect(secret.length).toBeGreaterThan(20);
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(secret.replace(/^whsec_/, ""));
    }
  });
});

describe("client IDs in the audit log", () => {
  it("records creation, a change field by field, and the revocation", async () => {
    const changed = await call(clientIdRoute, "PUT", `/v2/client-ids/${client.id}`, {
      headers: owner.auth,
      params: { id: client.id },
      body: { label: "Web checkout (EU)" },
    });
    expect(changed.status, changed.text).toBe(200);
    const revoked = await call(clientIdRoute, "DELETE", `/v2/client-ids/${client.id}`, {
      headers: owner.auth,
      params: { id: client.id },
    });
    expect(revoked.status, revoked.text).toBe(200);
    const { auditEvents } = await readAuditLog(owner.auth, `?targetType=client_id&targetId=${client.id}`);
    expect(auditEvents.map((e) => e.action)).toEqual(["client_id.revoked", "client_id.updated", "client_id.created"]);
    expect(auditEvents[1].changes).toEqual([
      { field: "label", before: "Web checkout", after: "Web checkout (EU)", redacted: false },
    ]);
    expect(auditEvents[0].changes).toEqual([{ field: "status", before: "active", after: "revoked", redacted: false }]);
  });
});

describe("an API key as the actor", () => {
  it("names the key by its prefix and name, never the key", async () => {
    const k = await call(apiKeysRoute, "POST", "/v1/api-keys", {
      headers: owner.auth,
      body: { name: "profile bot", scopes: ["admin"] },
    });
    const key = k.json.key as string;
    const r = await call(profileRoute, "PATCH", "/v1/platform/profile", {
      headers: { "x-api-key": key, "user-agent": "bot/2" },
      body: { businessName: "Corner Roasters" },
    });
    expect(r.status, r.text).toBe(200);
    const { auditEvents } = await readAuditLog({ "x-api-key": key }, "?action=platform.profile_updated");
    expect(auditEvents).toHaveLength(1);
    expect(auditEvents[0].actor).toMatchObject({
      type: "api_key",
      id: k.json.id,
      apiKeyPrefix: k.json.prefix,
      apiKeyName: "profile bot",
    });
    expect(auditEvents[0].userAgent).toBe("bot/2");
    expect(auditEvents[0].changes).toEqual([
      { field: "businessName", before: null, after: "Corner Roasters", redacted: false },
    ]);
    const byActor = await readAuditLog(owner.auth, `?actorType=api_key&actorId=${k.json.id}`);
    expect(byActor.auditEvents.map((e) => e.id)).toEqual([auditEvents[0].id]);
    expect(await storedAuditText(owner.platformId)).not.toContain(key);
  });
});
