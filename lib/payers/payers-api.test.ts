// /v2/payer through the HTTP handlers: a payer's life (hosted KYC page, review queue, hosted
// agreement page, bank accounts), the refusals, what the database holds (no clear text) and
// erasure.

import { beforeAll, describe, expect, it } from "vitest";
import * as reviewRoute from "@/app/v1/payers/[userId]/review/route";
import * as eraseRoute from "@/app/v1/payers/[userId]/route";
import * as taxNumberRoute from "@/app/v1/payers/[userId]/tax-number/route";
import * as detailsRoute from "@/app/v2/payer/[clientUserId]/payment-details/route";
import * as payerIdRoute from "@/app/v2/payer/[clientUserId]/route";
import * as payerRoute from "@/app/v2/payer/route";
import * as agreementPageRoute from "@/app/v2/payer-pages/[token]/agreement/route";
import * as kycPageRoute from "@/app/v2/payer-pages/[token]/kyc/route";
import { db } from "../db/client";
import { createTestPlatform, createTestWalletSession } from "../test/fixtures";
import { call } from "../test/http";
import { payersPage } from "./dashboard-view";
import { BANK, IDENTITY } from "./payer-fixtures";

let platform: Awaited<ReturnType<typeof createTestPlatform>>;
let other: Awaited<ReturnType<typeof createTestPlatform>>;
let session: { userId: string; token: string };
beforeAll(async () => {
  platform = await createTestPlatform("payers");
  other = await createTestPlatform("someone else");
  session = await createTestWalletSession(platform.platformId);
});

const key = (p = platform) => ({ "x-api-key": p.apiKey });
const bearer = () => ({ authorization: `Bearer ${session.token}` });
const tokenOf = (url: string) => new URL(url).pathname.split("/")[2];

async function createPayer(clientUserId: string, body: Record<string, unknown> = IDENTITY) {
  const r = await call(payerRoute, "POST", "/v2/payer", { headers: key(), body: { clientUserId, ...body } });
  expect(r.status, r.text).toBe(200);
  return r.json as {
    kycUrl: string;
    agreementUrl: string;
    userId: string;
    status: { kycStatus: string; agreementStatus: string };
  };
}
const status = (clientUserId: string, p = platform) =>
  call(payerIdRoute, "GET", `/v2/payer/${clientUserId}`, { headers: key(p), params: { clientUserId } });

async function compliantPayer(clientUserId: string) {
  const created = await createPayer(clientUserId);
  const token = tokenOf(created.kycUrl);
  expect(
    (await call(kycPageRoute, "POST", `/v2/payer-pages/${token}/kyc`, { body: { corrections: {} }, params: { token } }))
      .status,
  ).toBe(200);
  expect(
    (
      await call(reviewRoute, "POST", `/v1/payers/${created.userId}/review`, {
        headers: bearer(),
        body: { decision: "approve" },
        params: { userId: created.userId },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await call(agreementPageRoute, "POST", `/v2/payer-pages/${token}/agreement`, {
        body: { accepted: true },
        params: { token },
      })
    ).status,
  ).toBe(200);
  return created;
}

async function eventsAbout(userId: string) {
  const rows = await (await db()).webhookEvent.findMany({
    where: { event: { in: ["compliance.updated", "payment_detail.updated"] } },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => r.payload as Record<string, unknown>).filter((p) => p.userId === userId);
}

describe("a payer's compliance", () => {
  it("starts not_started with our hosted KYC and agreement pages, and becomes compliant through them and the review queue, each step sending compliance.updated", async () => {
    const created = await createPayer("user-life");
    expect(created.status).toEqual({ kycStatus: "not_started", agreementStatus: "not_started" });
    expect(created.kycUrl).toMatch(/\/payer\/[\w-]+$/);
    expect(created.agreementUrl).toBe(`${created.kycUrl}/agreement`);
    expect((await status("user-life")).json).toEqual({
      kycStatus: "not_started",
      agreementStatus: "not_started",
      isCompliant: false,
      userId: created.userId,
    });

    const token = tokenOf(created.kycUrl);
    const submitted = await call(kycPageRoute, "POST", `/v2/payer-pages/${token}/kyc`, {
      body: { corrections: { city: "London" } },
      params: { token },
    });
    expect(submitted.status, submitted.text).toBe(200);
    expect((await status("user-life")).json).toMatchObject({ kycStatus: "pending", isCompliant: false });
    const again = await call(kycPageRoute, "POST", `/v2/payer-pages/${token}/kyc`, {
      body: { corrections: {} },
      params: { token },
    });
    expect(again.status).toBe(409);

    const approve = await call(reviewRoute, "POST", `/v1/payers/${created.userId}/review`, {
      headers: bearer(),
      body: { decision: "approve" },
      params: { userId: created.userId },
    });
    expect(approve.status, approve.text).toBe(200);
    const agreed = await call(agreementPageRoute, "POST", `/v2/payer-pages/${token}/agreement`, {
      body: { accepted: true },
      params: { token },
    });
    expect(agreed.status, agreed.text).toBe(200);
    expect((await status("user-life")).json).toEqual({
      kycStatus: "completed",
      agreementStatus: "completed",
      isCompliant: true,
      userId: created.userId,
    });

    expect(
      (await eventsAbout(created.userId)).map((e) => [e.event, e.kycStatus, e.agreementStatus, e.isCompliant]),
    ).toEqual([
      ["compliance.updated", "pending", "not_started", false],
      ["compliance.updated", "completed", "not_started", false],
      ["compliance.updated", "completed", "completed", true],
    ]);
  });

  it("a rejection needs a reason and leaves the payer non-compliant; PATCH records the agreement", async () => {
    const created = await createPayer("user-rejected");
    const token = tokenOf(created.kycUrl);
    await call(kycPageRoute, "POST", `/v2/payer-pages/${token}/kyc`, { body: { corrections: {} }, params: { token } });
    const noReason = await call(reviewRoute, "POST", `/v1/payers/${created.userId}/review`, {
      headers: bearer(),
      body: { decision: "reject" },
      params: { userId: created.userId },
    });
    expect(noReason.status).toBe(400);
    const rejected = await call(reviewRoute, "POST", `/v1/payers/${created.userId}/review`, {
      headers: bearer(),
      body: { decision: "reject", reason: "Document unreadable" },
      params: { userId: created.userId },
    });
    expect(rejected.status).toBe(200);
    const patched = await call(payerIdRoute, "PATCH", "/v2/payer/user-rejected", {
      headers: key(),
      body: { agreementCompleted: true },
      params: { clientUserId: "user-rejected" },
    });
    expect(patched.json).toEqual({ success: true });
    // Without the field: the hosted service's sentence, in message as in errors[].
    const empty = await call(payerIdRoute, "PATCH", "/v2/payer/user-rejected", {
      headers: key(),
      body: {},
      params: { clientUserId: "user-rejected" },
    });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({
      message: "agreementCompleted must be provided",
      errors: [{ field: "agreementCompleted", message: "agreementCompleted must be provided" }],
    });
    expect((await status("user-rejected")).json).toMatchObject({
      kycStatus: "rejected",
      agreementStatus: "completed",
      isCompliant: false,
    });
  });

  it("an unknown payer and another platform's payer are the same 404; a replaced link stops working", async () => {
    const created = await createPayer("user-mine");
    const patch = (clientUserId: string, body: unknown) =>
      call(payerIdRoute, "PATCH", `/v2/payer/${clientUserId}`, { headers: key(), body, params: { clientUserId } });
    const addBank = (clientUserId: string) =>
      call(detailsRoute, "POST", `/v2/payer/${clientUserId}/payment-details`, {
        headers: key(),
        body: BANK,
        params: { clientUserId },
      });
    for (const r of [
      await status("nobody"),
      await status("user-mine", other),
      await patch("nobody", { agreementCompleted: true }),
      await addBank("nobody"),
    ]) {
      expect(r.status).toBe(404);
      expect(r.json).toMatchObject({ code: "payer_not_found", message: expect.stringMatching(/not found/) });
    }
    expect((await patch("user-mine", { agreementCompleted: "yes" })).status).toBe(400);
    const foreignReview = await call(reviewRoute, "POST", `/v1/payers/${created.userId}/review`, {
      headers: { authorization: `Bearer ${(await createTestWalletSession(other.platformId)).token}` },
      body: { decision: "approve" },
      params: { userId: created.userId },
    });
    expect(foreignReview.status).toBe(404);
    await createPayer("user-mine");
    const old = tokenOf(created.kycUrl);
    expect(
      (
        await call(agreementPageRoute, "POST", `/v2/payer-pages/${old}/agreement`, {
          body: { accepted: true },
          params: { token: old },
        })
      ).status,
    ).toBe(404);
  });

  it("refuses unknown fields and malformed identity data, naming the field", async () => {
    const r = await call(payerRoute, "POST", "/v2/payer", {
      headers: key(),
      body: { clientUserId: "x", ...IDENTITY, phone: "call me", favouriteColour: "blue" },
    });
    expect(r.status).toBe(400);
    expect((r.json as { errors: { field: string }[] }).errors.map((e) => e.field).sort()).toEqual([
      "favouriteColour",
      "phone",
    ]);
  });

  it("new identity data after the review starts KYC over (what was approved is not what is stored)", async () => {
    await compliantPayer("user-changes");
    const same = await createPayer("user-changes");
    expect(same.status).toEqual({ kycStatus: "completed", agreementStatus: "completed" });
    const changed = await createPayer("user-changes", { ...IDENTITY, lastName: "Someone-Else" });
    expect(changed.status).toEqual({ kycStatus: "not_started", agreementStatus: "completed" });
    expect((await status("user-changes")).json).toMatchObject({ isCompliant: false });
  });
});

describe("bank accounts", () => {
  it("are stored, answered whole by GET (each read recorded with who), filtered by paymentDetailsId, and announced with payment_detail.updated", async () => {
    const created = await createPayer("user-bank");
    const added = await call(detailsRoute, "POST", "/v2/payer/user-bank/payment-details", {
      headers: key(),
      body: BANK,
      params: { clientUserId: "user-bank" },
    });
    expect(added.status, added.text).toBe(201);
    const id = (added.json as { payment_detail: { id: string } }).payment_detail.id;
    expect(added.json).toEqual({
      payment_detail: {
        id,
        clientUserId: "user-bank",
        bankName: BANK.bankName,
        accountName: BANK.accountName,
        currency: "gbp",
        beneficiaryType: "individual",
      },
    });

    const listed = await call(detailsRoute, "GET", `/v2/payer/user-bank/payment-details?paymentDetailsId=${id}`, {
      headers: key(),
      params: { clientUserId: "user-bank" },
    });
    expect(listed.json).toEqual({
      paymentDetails: [
        {
          id,
          userId: created.userId,
          bankName: BANK.bankName,
          accountName: BANK.accountName,
          beneficiaryType: "individual",
          accountNumber: BANK.accountNumber,
          routingNumber: "",
          currency: "gbp",
          status: "approved",
          rails: "local",
        },
      ],
    });
    const reads = await (await db()).payerDataRead.findMany({ where: { payerId: created.userId } });
    expect(reads).toEqual([
      expect.objectContaining({
        paymentDetailId: id,
        actor: `api_key:${platform.apiKeyId}`,
        platformId: platform.platformId,
      }),
    ]);

    const unknown = await call(
      detailsRoute,
      "GET",
      "/v2/payer/user-bank/payment-details?paymentDetailsId=00000000-0000-4000-8000-000000000000",
      { headers: key(), params: { clientUserId: "user-bank" } },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: "payment_details_not_found" });
    const foreign = await call(detailsRoute, "GET", "/v2/payer/user-bank/payment-details", {
      headers: key(other),
      params: { clientUserId: "user-bank" },
    });
    expect(foreign.status).toBe(404);
    const noAccount = await call(detailsRoute, "POST", "/v2/payer/user-bank/payment-details", {
      headers: key(),
      body: { ...BANK, accountNumber: undefined },
      params: { clientUserId: "user-bank" },
    });
    expect(noAccount.status).toBe(400);

    expect((await eventsAbout(created.userId)).filter((e) => e.event === "payment_detail.updated")).toEqual([
      expect.objectContaining({ clientUserId: "user-bank", paymentDetailsId: id, status: "approved" }),
    ]);
  });
});

describe("the review queue", () => {
  it("shows the tax number masked; Reveal answers it whole to a session of the platform and records who read it", async () => {
    const created = await createPayer("user-in-review");
    const token = tokenOf(created.kycUrl);
    const submitted = await call(kycPageRoute, "POST", `/v2/payer-pages/${token}/kyc`, {
      body: { corrections: {} },
      params: { token },
    });
    expect(submitted.status, submitted.text).toBe(200);
    const prisma = await db();
    const reads = () =>
      prisma.payerDataRead.findMany({ where: { payerId: created.userId }, orderBy: { createdAt: "asc" } });

    // What the dashboard page hands to the browser: the identity, the tax number masked.
    const rows = await payersPage(platform.platformId, session.userId);
    const row = rows.find((r) => r.userId === created.userId)!;
    expect(row.review).toMatchObject({ lastName: IDENTITY.lastName, ssnMasked: "••••456C" });
    expect(row.review).not.toHaveProperty("ssn");
    expect(JSON.stringify(rows)).not.toContain(IDENTITY.ssn);
    expect((await reads()).map((r) => r.purpose)).toEqual(["dashboard KYC review queue"]);

    const reveal = (userId: string, headers: Record<string, string> = bearer()) =>
      call(taxNumberRoute, "POST", `/v1/payers/${userId}/tax-number`, { headers, params: { userId } });
    const revealed = await reveal(created.userId);
    expect(revealed.status, revealed.text).toBe(200);
    expect(revealed.json).toEqual({ ssn: IDENTITY.ssn });
    expect((await reads()).at(-1)).toMatchObject({
      platformId: platform.platformId,
      actor: `user:${session.userId}`,
      purpose: "dashboard KYC review: tax / social security number revealed",
    });

    // Another platform's session, an API key, and a payer no longer in review get nothing (and nothing is recorded).
    const before = (await reads()).length;
    const foreign = { authorization: `Bearer ${(await createTestWalletSession(other.platformId)).token}` };
    expect((await reveal(created.userId, foreign)).status).toBe(404);
    expect((await reveal(created.userId, key())).status).toBe(401);
    const approved = await call(reviewRoute, "POST", `/v1/payers/${created.userId}/review`, {
      headers: bearer(),
      body: { decision: "approve" },
      params: { userId: created.userId },
    });
    expect(approved.status, approved.text).toBe(200);
    const late = await reveal(created.userId);
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ code: "payer_not_in_review" });
    expect((await reads()).length).toBe(before);
  });
});

describe("personal data at rest", () => {
  it("no identity or bank field is in clear text in any row of the payer tables, and erasing deletes it while the clientUserId is freed", async () => {
    const created = await compliantPayer("user-at-rest");
    await call(detailsRoute, "POST", "/v2/payer/user-at-rest/payment-details", {
      headers: key(),
      body: BANK,
      params: { clientUserId: "user-at-rest" },
    });
    const prisma = await db();
    const raw = JSON.stringify([
      await prisma.$queryRaw`SELECT * FROM payers`,
      await prisma.$queryRaw`SELECT * FROM payment_details`,
      await prisma.$queryRaw`SELECT * FROM payer_data_reads`,
      await prisma.$queryRaw`SELECT * FROM webhook_events`,
      await prisma.$queryRaw`SELECT * FROM idempotency_keys`,
    ]);
    const secrets = [...Object.entries(IDENTITY), ...Object.entries(BANK)]
      .filter(([k]) => !["beneficiaryType", "country", "nationality", "currency"].includes(k))
      .map(([, v]) => v);
    for (const value of secrets) expect(raw, `${value} is stored in clear`).not.toContain(value);

    const erased = await call(eraseRoute, "DELETE", `/v1/payers/${created.userId}`, {
      headers: bearer(),
      params: { userId: created.userId },
    });
    expect(erased.status, erased.text).toBe(200);
    expect((await status("user-at-rest")).status).toBe(404);
    const row = await prisma.payer.findUniqueOrThrow({ where: { id: created.userId } });
    expect(row).toMatchObject({ identity: null, clientUserId: `erased:${created.userId}` });
    expect(await prisma.paymentDetail.count({ where: { payerId: created.userId } })).toBe(0);
    // The clientUserId can be registered again, as a new payer.
    expect((await createPayer("user-at-rest")).userId).not.toBe(created.userId);
  });
});
