// The dashboard's list of payment links: newest first, each in the state a payer meets, with
// the total the payer pays (fees on top), and never another platform's links, payouts or multicalls.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { registerTestDestination } from "../payee-destinations/fixtures";
import { detected, record } from "../payments/payment-fixtures";
import { createTestPlatform } from "../test/fixtures";
import { createSecurePayout } from "./create-payout-link";
import { createSecurePayment } from "./create-secure-payment";
import { listPaymentLinks } from "./payment-links";

let p: Awaited<ReturnType<typeof createTestPlatform>>;
let other: Awaited<ReturnType<typeof createTestPlatform>>;
let destinationId: string;

beforeAll(async () => {
  p = await createTestPlatform("Links Shop");
  other = await createTestPlatform("Other Shop");
  destinationId = (await registerTestDestination(p.platformId)).destinationId;
  await (await db()).clientId.update({
    where: { id: p.clientIdId },
    data: { feePercentage: "1", feeAddress: "0x1111111111111111111111111111111111111111" },
  });
  await registerTestDestination(other.platformId).then((d) =>
    createSecurePayment(
      { platformId: other.platformId, clientIdId: other.clientIdId, orchestratorId: null },
      { requests: [{ destinationId: d.destinationId, amount: "1" }] },
    ),
  );
});

const creator = () => ({ platformId: p.platformId, clientIdId: p.clientIdId, orchestratorId: null });

describe("payment links of a platform", () => {
  it("lists open, paid, expired and cancelled links newest first, with the payer's total and when a paid one was paid", async () => {
    const open = await createSecurePayment(creator(), {
      requests: [{ destinationId, amount: "42.5" }],
      reference: "OPEN-1",
      accessPolicy: { allowedPayerAddresses: ["0x8ba1f109551bD432803012645Ac136ddd64DBA72"] },
    });
    const paid = await createSecurePayment(creator(), {
      requests: [{ destinationId, amount: "10" }],
      reference: "PAID-1",
    });
    const paidRequest = await (await db()).paymentRequest.findUniqueOrThrow({ where: { id: paid.requestIds[0] } });
    const payment = detected(paidRequest, 10_100_000n);
    await record([payment]);
    const expired = await createSecurePayment(creator(), {
      requests: [{ destinationId, amount: "5" }],
      reference: "EXP-1",
    });
    await (await db()).securePayment.update({
      where: { token: expired.token },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const cancelled = await createSecurePayment(creator(), {
      requests: [{ destinationId, amount: "7" }],
      reference: "CAN-1",
    });
    await (await db()).securePayment.update({ where: { token: cancelled.token }, data: { status: "cancelled" } });
    await createSecurePayout(creator(), {
      recipient: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
      creatorWalletAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
      network: "base",
      currency: "USDC",
      amount: "3",
    });

    const links = await listPaymentLinks(p.platformId);
    expect(links.map((l) => [l.reference, l.state])).toEqual([
      ["CAN-1", "cancelled"],
      ["EXP-1", "expired"],
      ["PAID-1", "paid"],
      ["OPEN-1", "open"],
    ]);
    expect(links[3]).toMatchObject({
      token: open.token,
      url: open.securePaymentUrl,
      total: "42.925",
      symbol: "USDC",
      networkName: "Base",
      allowedPayers: ["0x8ba1f109551bd432803012645ac136ddd64dba72"],
      requestIds: open.requestIds,
    });
    expect(links[2].completedAt).toEqual(payment.blockTime);
    expect(links.filter((l) => l.state !== "paid").map((l) => l.completedAt)).toEqual([null, null, null]);
    expect((await listPaymentLinks(p.platformId, { state: "paid" })).map((l) => l.token)).toEqual([paid.token]);
  });
});
