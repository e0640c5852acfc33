// The whole off-ramp flow against the real server, in Chromium, on the sandbox optimism chain
// (no other spec sends there): a payer created over the API completes KYC on the hosted page,
// is approved in the dashboard's review queue, accepts the hosted agreement, registers a bank
// account; a crypto-to-fiat request is paid with the /pay calldata (clientUserId,
// paymentDetailsId) to the sandbox deposit wallet; the operator walks the fiat leg to fiat_sent
// in the dashboard. The platform's receiver gets every event, signed (standardwebhooks).
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { type ApiTransaction, sendAll } from "../lib/test/send-calldata";
import { startReceiver } from "../lib/webhooks/receiver-fixtures";
import { createClientId, registerAndSignIn } from "./support/dashboard-account";
import { sandboxRpc } from "./support/sandbox-rpc";

const payerWallet = DEMO_WALLETS[1];
const IDENTITY = {
  clientUserId: "e2e-payer",
  email: "grace.hopper@example.org",
  firstName: "Gracie",
  lastName: "Hoppington",
  beneficiaryType: "individual",
  dateOfBirth: "1986-12-09",
  addressLine1: "1 Compiler Lane",
  city: "Arlington",
  state: "VA",
  postcode: "22201",
  country: "US",
  nationality: "US",
  phone: "+15555550123",
  ssn: "078-05-1120",
};
const BANK = {
  bankName: "Cobol Federal",
  accountName: "Gracie Hoppington",
  accountNumber: "000123456789",
  routingNumber: "026013356",
  beneficiaryType: "individual",
  currency: "usd",
  addressLine1: "1 Compiler Lane",
  city: "Arlington",
  country: "US",
  dateOfBirth: "1986-12-09",
  postalCode: "22201",
};

test("a payer goes through hosted KYC, the review queue and the agreement, is paid off-ramp, and the fiat leg reaches fiat_sent with every event signed", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver(() => 200);
  try {
    await registerAndSignIn(page);
    const client = await createClientId(page, baseURL!, "off-ramp e2e");
    const hook = await page.request.post("/v1/webhook", {
      data: { url: `${receiver.url}/hooks/offramp`, clientId: client.clientId },
      headers: { origin: baseURL! },
    });
    expect(hook.status(), await hook.text()).toBe(201);
    const secret = ((await hook.json()) as { secret: string }).secret;
    const key = await page.request.post("/v1/api-keys", {
      data: { name: "off-ramp e2e" },
      headers: { origin: baseURL! },
    });
    const api = { "x-api-key": ((await key.json()) as { key: string }).key };

    const created = await page.request.post("/v2/payer", { headers: api, data: IDENTITY });
    expect(created.status(), await created.text()).toBe(200);
    const { kycUrl, agreementUrl } = (await created.json()) as { kycUrl: string; agreementUrl: string };

    // Hosted KYC page: the payer corrects the city and submits.
    await page.goto(kycUrl);
    await expect(page.getByRole("heading", { name: "Verify your identity" })).toBeVisible();
    await expect(page.getByLabel("Last name")).toHaveValue(IDENTITY.lastName);
    await page.getByLabel("City", { exact: true }).fill("Arlington County");
    await page.getByRole("button", { name: "Confirm and submit for review" }).click();
    await expect(page.getByTestId("kyc-state")).toContainText("being reviewed");

    // Review queue: the operator sees the submitted data and approves.
    await page.goto("/dashboard/payers");
    const card = page.locator('[data-testid="review-card"][data-client-user-id="e2e-payer"]');
    await expect(card).toContainText("Arlington County");
    // The tax number is masked until the operator reveals it (the server records the reveal).
    await expect(card.getByTestId("tax-number")).toHaveText("••••1120");
    await expect(page.locator("body")).not.toContainText(IDENTITY.ssn);
    await card.getByRole("button", { name: /Reveal the tax number/ }).click();
    await expect(card.getByTestId("tax-number")).toHaveText(IDENTITY.ssn);
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(card).toHaveCount(0);

    // Hosted agreement page.
    await page.goto(agreementUrl);
    await page.getByLabel("I have read and accept the agreement above.").check();
    await page.getByRole("button", { name: "Accept the agreement" }).click();
    await expect(page.getByTestId("agreement-state")).toBeVisible();
    expect(await (await page.request.get("/v2/payer/e2e-payer", { headers: api })).json()).toMatchObject({
      isCompliant: true,
    });

    const added = await page.request.post("/v2/payer/e2e-payer/payment-details", { headers: api, data: BANK });
    expect(added.status(), await added.text()).toBe(201);
    const paymentDetailsId = ((await added.json()) as { payment_detail: { id: string } }).payment_detail.id;
    await page.goto("/dashboard/payers");
    await expect(page.locator('[data-client-user-id="e2e-payer"] [data-testid="masked-account"]')).toHaveText(
      "Cobol Federal ••••6789 (USD)",
    );
    await expect(page.locator("body")).not.toContainText(BANK.accountNumber);

    // The crypto-to-fiat request, paid with the off-ramp calldata.
    const request = await page.request.post("/v2/request", {
      headers: api,
      data: {
        amount: "7.5",
        invoiceCurrency: "USDCn-optimism",
        paymentCurrency: "USDCn-optimism",
        isCryptoToFiatAvailable: true,
      },
    });
    expect(request.status(), await request.text()).toBe(201);
    const { requestId } = (await request.json()) as { requestId: string };
    const pay = await page.request.get(
      `/v2/request/${requestId}/pay?wallet=${payerWallet.address}&clientUserId=e2e-payer&paymentDetailsId=${paymentDetailsId}`,
      { headers: api },
    );
    expect(pay.status(), await pay.text()).toBe(200);
    await sendAll(
      "optimism",
      sandboxRpc("optimism"),
      payerWallet.privateKey,
      ((await pay.json()) as { transactions: ApiTransaction[] }).transactions,
    );

    // The operator walks the fiat leg in the dashboard once detection has started it.
    const row = page.locator(`[data-testid="offramp-row"][data-request-id="${requestId}"]`);
    await expect
      .poll(async () => (await page.goto("/dashboard/offramp"), await row.getAttribute("data-sub-status")), {
        timeout: 90_000,
        intervals: [1000],
      })
      .toBe("initiated");
    for (const step of ["pending_internal_assessment", "ongoing_checks", "sending_fiat", "fiat_sent"]) {
      await row.getByLabel("Next step").selectOption(step);
      await row.getByRole("button", { name: "Mark step" }).click();
      await expect(row).toHaveAttribute("data-sub-status", step);
    }
    const status = (await (await page.request.get(`/v2/request/${requestId}`, { headers: api })).json()) as {
      status: string;
      offRamp: { subStatus: string };
    };
    expect(status).toMatchObject({ status: "paid", offRamp: { subStatus: "fiat_sent", paymentDetailsId } });

    const received = await receiver.waitFor(10, 60_000);
    const events = received.map((r) => {
      const headers = Object.fromEntries(
        Object.entries(r.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : (v ?? "")]),
      );
      return new Webhook(secret).verify(r.raw.toString("utf8"), headers) as Record<string, unknown>;
    });
    const seen = events.map((e) => `${e.event} ${e.subStatus ?? e.status ?? e.kycStatus}`).sort();
    expect(seen).toEqual(
      [
        "compliance.updated pending",
        "compliance.updated completed",
        "compliance.updated completed",
        "payment_detail.updated approved",
        "payment.processing initiated",
        "payment.processing pending_internal_assessment",
        "payment.processing ongoing_checks",
        "payment.processing sending_fiat",
        "payment.processing fiat_sent",
        "payment.confirmed fiat_sent",
      ].sort(),
    );
    // No delivery carries the payer's identity or bank data.
    const wire = received.map((r) => r.raw.toString("utf8")).join("\n");
    for (const value of [IDENTITY.lastName, IDENTITY.email, IDENTITY.ssn, BANK.accountNumber, BANK.routingNumber])
      expect(wire).not.toContain(value);
  } finally {
    await receiver.close();
  }
});
