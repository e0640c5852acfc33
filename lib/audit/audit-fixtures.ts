// Test helpers of the audit log: a signed-in platform, its log read over HTTP, and every stored
// row of a platform as text (for "no secret anywhere in the row").
import { expect } from "vitest";
import * as registerRoute from "@/app/v1/auth/register/route";
import * as auditRoute from "@/app/v1/platform/audit-log/route";
import { db } from "../db/client";
import { call } from "../test/http";

let n = 0;

/** A new platform with its owner signed in by email (a Bearer session). */
export async function signedInOwner() {
  const r = await call(registerRoute, "POST", "/v1/auth/register", {
    body: { email: `audit-owner${++n}-${Date.now()}@example.com`, password: "long-enough" },
  });
  expect(r.status, r.text).toBe(201);
  return {
    platformId: r.json.platformId as string,
    userId: r.json.user?.id as string | undefined,
    auth: { authorization: `Bearer ${r.json.token}` },
  };
}

/** The log as the API answers it (asserts a 200). */
export async function readAuditLog(headers: Record<string, string>, query = "") {
  const r = await call(auditRoute, "GET", `/v1/platform/audit-log${query}`, { headers });
  expect(r.status, r.text).toBe(200);
  return r.json as { auditEvents: AuditRow[]; pagination: { total: number; hasMore: boolean } };
}

export interface AuditRow {
  id: string;
  action: string;
  actor: {
    type: string;
    id: string | null;
    signInMethod: string | null;
    apiKeyPrefix: string | null;
    apiKeyName: string | null;
  };
  target: { type: string; id: string };
  changes: { field: string; before: string | null; after: string | null; redacted: boolean }[];
  clientIp: string | null;
  userAgent: string | null;
  createdAt: string;
}

/** Every stored audit row of the platform, whole, as JSON text. */
export async function storedAuditText(platformId: string): Promise<string> {
  const rows = await (await db()).auditEvent.findMany({ where: { platformId } });
  return JSON.stringify(rows);
}
