// The HTTP compliance provider adapter against a local HTTP server speaking its protocol:
// applicant creation out (our kycUrl becomes the provider's), signed status webhooks in.

import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as webhookRoute from "@/app/v2/compliance/webhook/route";
import * as payerIdRoute from "@/app/v2/payer/[clientUserId]/route";
import * as payerRoute from "@/app/v2/payer/route";
import * as kycPageRoute from "@/app/v2/payer-pages/[token]/kyc/route";
import { resetConfigForTests } from "../config";
import { db } from "../db/client";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { signProviderWebhook } from "./http-compliance-provider";
import { IDENTITY } from "./payer-fixtures";

const SECRET = "provider-webhook-secret";
const received: { path: string; apiKey: string | undefined; body: Record<string, unknown> }[] = [];
let server: Server;
const saved = { ...process.env };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    req.on("data", (c) => (text += c));
    req.on("end", () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    received.push({ path: req.url ?? "", apiKey: req.headers["x-api-key"] as string | undefined, body });
    if (req.headers["x-api-key"] !== "provider-api-key") return void res.writeHead(401).end();
    const id = `app_${received.length}`;
    res
      .writeHead(201, { "content-type": "application/json" })
      .end(JSON.stringify({ id, verificationUrl: `https://verify.provider.example/flow/${id}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  Object.assign(process.env, {
    COMPLIANCE_PROVIDER: "http",
    COMPLIANCE_PROVIDER_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    COMPLIANCE_PROVIDER_API_KEY: "provider-api-key",
    COMPLIANCE_PROVIDER_WEBHOOK_SECRET: SECRET,
  });
  resetConfigForTests();
});

afterAll(async () => {
  for (const k of [
    "COMPLIANCE_PROVIDER",
    "COMPLIANCE_PROVIDER_URL",
    "COMPLIANCE_PROVIDER_API_KEY",
    "COMPLIANCE_PROVIDER_WEBHOOK_SECRET",
  ]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetConfigForTests();
  await new Promise((resolve) => server.close(resolve));
});

const sendWebhook = (payload: Record<string, unknown>, digest?: string) => {
  const raw = JSON.stringify(payload);
  return call(webhookRoute, "POST", "/v2/compliance/webhook", {
    headers: { "x-payload-digest": digest ?? signProviderWebhook(SECRET, raw) },
    body: raw,
  });
};

describe("an external compliance provider over HTTP", () => {
  it("creates the applicant once, answers the provider's verification page as kycUrl, and its signed verdicts move kycStatus with compliance.updated", async () => {
    const p = await createTestPlatform("provider");
    const headers = { "x-api-key": p.apiKey };
    const created = await call(payerRoute, "POST", "/v2/payer", {
      headers,
      body: { clientUserId: "ext-1", ...IDENTITY },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({
      kycUrl: "https://verify.provider.example/flow/app_1",
      status: { kycStatus: "not_started" },
    });
    expect(received).toEqual([
      {
        path: "/api/applicants",
        apiKey: "provider-api-key",
        body: {
          externalUserId: (created.json as { userId: string }).userId,
          email: IDENTITY.email,
          firstName: IDENTITY.firstName,
          lastName: IDENTITY.lastName,
          dateOfBirth: IDENTITY.dateOfBirth,
          country: "GB",
          nationality: "GB",
        },
      },
    ]);
    // Posting the payer again keeps its applicant (no second creation) and its verification page.
    const again = await call(payerRoute, "POST", "/v2/payer", {
      headers,
      body: { clientUserId: "ext-1", ...IDENTITY },
    });
    expect((again.json as { kycUrl: string }).kycUrl).toBe("https://verify.provider.example/flow/app_1");
    expect(received).toHaveLength(1);
    // Our hosted KYC page does not decide for a provider's payer.
    const token = new URL((again.json as { agreementUrl: string }).agreementUrl).pathname.split("/")[2];
    expect(
      (
        await call(kycPageRoute, "POST", `/v2/payer-pages/${token}/kyc`, {
          body: { corrections: {} },
          params: { token },
        })
      ).status,
    ).toBe(409);

    const forged = await sendWebhook(
      { applicantId: "app_1", reviewStatus: "completed", reviewAnswer: "GREEN" },
      "00".repeat(32),
    );
    expect(forged.status).toBe(401);
    expect(forged.json).toMatchObject({ code: "provider_signature_invalid" });
    expect((await sendWebhook({ applicantId: "app_unknown", reviewStatus: "pending" })).status).toBe(404);

    expect((await sendWebhook({ applicantId: "app_1", reviewStatus: "pending" })).status).toBe(200);
    const status = () => call(payerIdRoute, "GET", "/v2/payer/ext-1", { headers, params: { clientUserId: "ext-1" } });
    expect((await status()).json).toMatchObject({ kycStatus: "pending" });
    expect((await sendWebhook({ applicantId: "app_1", reviewStatus: "completed", reviewAnswer: "GREEN" })).status).toBe(
      200,
    );
    expect((await status()).json).toMatchObject({ kycStatus: "completed" });

    const events = await (await db()).webhookEvent.findMany({
      where: { event: "compliance.updated" },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => (e.payload as { kycStatus: string }).kycStatus)).toEqual(["pending", "completed"]);
  });

  it("a provider that fails applicant creation is an error, never a payer with a kycUrl of ours", async () => {
    const saved = process.env.COMPLIANCE_PROVIDER_API_KEY;
    process.env.COMPLIANCE_PROVIDER_API_KEY = "wrong";
    resetConfigForTests();
    try {
      const p = await createTestPlatform("provider down");
      const r = await call(payerRoute, "POST", "/v2/payer", {
        headers: { "x-api-key": p.apiKey },
        body: { clientUserId: "ext-2", ...IDENTITY },
      });
      expect(r.status).toBe(502);
      expect(r.json).toMatchObject({ code: "compliance_provider_unavailable" });
      expect(r.text).not.toContain(IDENTITY.lastName);
    } finally {
      process.env.COMPLIANCE_PROVIDER_API_KEY = saved;
      resetConfigForTests();
    }
  });
});
