// Cancelling an open payment link over HTTP: the link's page and calldata then refuse it; a
// paid, part-paid, expired or already cancelled link cannot be cancelled; another platform's
// token is the same 404 as an unknown one.

import { ulid } from "ulid";
import { beforeAll, describe, expect, it } from "vitest";
import * as cancelRoute from "@/app/v2/secure-payments/[token]/cancel/route";
import * as payRoute from "@/app/v2/secure-payments/[token]/pay/route";
import { db } from "../db/client";
import { loadPayPage } from "../pay-page/load-pay-page";
import { registerTestDestination } from "../payee-destinations/fixtures";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { createSecurePayment } from "./create-secure-payment";

let p: Awaited<ReturnType<typeof createTestPlatform>>;
let other: Awaited<ReturnType<typeof createTestPlatform>>;
let destinationId: string;

beforeAll(async () => {
  p = await createTestPlatform("Cancel Shop");
  other = await createTestPlatform("Other Cancel Shop");
  destinationId = (await registerTestDestination(p.platformId)).destinationId;
});

const link = (amounts = ["10"]) =>
  createSecurePayment(
    { platformId: p.platformId, clientIdId: p.clientIdId, orchestratorId: null },
    { requests: amounts.map((amount) => ({ destinationId, amount })) },
  );
const cancel = (token: string, apiKey = p.apiKey) =>
  call(cancelRoute, "POST", `/v2/secure-payments/${token}/cancel`, {
    headers: { "x-api-key": apiKey },
    params: { token },
  });

describe("cancelling a payment link", () => {
  it("cancels an open link: its page says it can no longer be paid and its calldata is refused", async () => {
    const { token } = await link();
    const res = await cancel(token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ token, status: "cancelled" });
    expect(await loadPayPage(token)).toMatchObject({ state: "not-payable", reason: "invalidated" });
    const pay = await call(
      payRoute,
      "GET",
      `/v2/secure-payments/${token}/pay?wallet=0x8ba1f109551bD432803012645Ac136ddd64DBA72`,
      { headers: { "x-api-key": p.apiKey }, params: { token } },
    );
    expect(pay.status).toBe(403);
    expect(pay.json).toMatchObject({ code: "secure_payment_cancelled" });
    expect((await cancel(token)).json).toMatchObject({ statusCode: 403, code: "secure_payment_cancelled" });
  });

  it("refuses a paid, a part-paid and an expired link", async () => {
    const paid = await link();
    await (await db()).paymentRequest.update({
      where: { id: paid.requestIds[0] },
      data: { status: "paid", amountPaid: 10_000_000 },
    });
    expect((await cancel(paid.token)).json).toMatchObject({ statusCode: 409, code: "secure_payment_completed" });

    const partly = await link(["10", "5"]);
    await (await db()).paymentRequest.update({
      where: { id: partly.requestIds[0] },
      data: { status: "paid", amountPaid: 10_000_000 },
    });
    expect((await cancel(partly.token)).json).toMatchObject({
      statusCode: 409,
      code: "secure_payment_partially_settled",
    });

    const expired = await link();
    await (await db()).securePayment.update({
      where: { token: expired.token },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await cancel(expired.token)).json).toMatchObject({ statusCode: 403, code: "secure_payment_expired" });
  });

  it("answers another platform's link like an unknown one, and leaves it open", async () => {
    const { token } = await link();
    expect((await cancel(token, other.apiKey)).json).toMatchObject({
      statusCode: 404,
      code: "secure_payment_not_found",
    });
    expect((await cancel(ulid())).status).toBe(404);
    expect(await loadPayPage(token)).toMatchObject({ state: "payable" });
  });
});
