// Payments in the dashboard: a request paid for real on the sandbox chain (demo wallet 5 pays
// demo wallet 6, wallets no other spec uses) is detected by the running service, listed on
// the payments page, found by the filters, linked to the explorer, and shown in the request's
// detail view.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { sandboxRpcUrl } from "../lib/chains/clients";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { sendAll, type ApiTransaction } from "../lib/test/send-calldata";
import { createClientId, registerAndSignIn } from "./support/dashboard-account";

const payer = DEMO_WALLETS[5];
const payee = DEMO_WALLETS[6];
const SHOP = "https://shop.example.com";

test("a request paid on the sandbox appears in the payments page, its filters and its request view", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  await registerAndSignIn(page);
  const client = await createClientId(page, baseURL!, "payments e2e");
  const headers = { "x-client-id": client.clientId, origin: SHOP };
  const reference = `E2E-PAY-${randomBytes(4).toString("hex")}`;

  const created = await page.request.post("/v2/request", { headers, data: { amount: "3", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base", payee: payee.address, reference } });
  expect(created.status(), await created.text()).toBe(201);
  const { requestId } = (await created.json()) as { requestId: string };

  // Nothing paid yet: the list says so.
  await page.goto("/dashboard/payments");
  await expect(page.getByText("No payments yet")).toBeVisible();

  const pay = await page.request.get(`/v2/request/${requestId}/pay?wallet=${payer.address}`, { headers });
  expect(pay.status(), await pay.text()).toBe(200);
  const { transactions } = (await pay.json()) as { transactions: ApiTransaction[] };
  const receipts = await sendAll("base", sandboxRpcUrl("base", Number(process.env.SANDBOX_PORT_BASE ?? 18545)), payer.privateKey, transactions);
  const txHash = receipts.at(-1)!.transactionHash;

  // The service's indexer records it (1 s polling in the sandbox); the API search sees it first.
  await expect
    .poll(async () => ((await (await page.request.get(`/v2/payments?requestId=${requestId}`, { headers })).json()) as { pagination: { total: number } }).pagination.total, {
      timeout: 60_000,
      intervals: [500],
    })
    .toBe(1);

  await page.goto("/dashboard/payments");
  const row = page.getByTestId("payment-row").filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("3 USDC");
  await expect(row).toContainText("direct");
  await expect(row).toContainText("base");
  await expect(row.getByRole("link", { name: `Transaction ${txHash} on the base explorer` })).toHaveAttribute("href", `https://basescan.org/tx/${txHash}`);
  await expect(page.getByTestId("payments-range")).toHaveText("1–1 of 1");

  // Filters: the payer in upper case finds it (EVM addresses match in any case); the wrong type does not.
  await page.getByLabel("Wallet (payer or payee)").fill(`0x${payer.address.slice(2).toUpperCase()}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/walletAddress=0x/);
  await expect(page.getByTestId("payment-row")).toHaveCount(1);
  await page.getByLabel("Type").selectOption("conversion");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No payment matches these filters")).toBeVisible();
  await expect(page.getByLabel("Type")).toHaveValue("conversion");

  // A value the API would refuse is named, and the rest still applies.
  await page.goto(`/dashboard/payments?walletAddress=0x12&reference=${reference}`);
  await expect(page.getByText("Ignored, not valid: walletAddress.")).toBeVisible();
  await expect(page.getByTestId("payment-row")).toHaveCount(1);

  // The request's own view: what it asks, its status, and the payment with its explorer link.
  await page.getByTestId("payment-row").getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { name: `Request ${reference}` })).toBeVisible();
  await expect(page.getByTestId("request-status")).toHaveText("paid");
  await expect(page.getByTestId("request-paid")).toHaveText("3 USDC-base");
  const paymentRow = page.getByTestId("request-payment-row");
  await expect(paymentRow).toHaveCount(1);
  await expect(paymentRow).toContainText(payer.address);
  await expect(paymentRow.getByRole("link", { name: `Transaction ${txHash} on the base explorer` })).toHaveAttribute("href", `https://basescan.org/tx/${txHash}`);

  // Another platform's (or no) request is not found, like a missing one.
  await page.goto(`/dashboard/payments/requests/01${"0".repeat(64)}`);
  await expect(page.getByText("Nothing here belongs to your platform")).toBeVisible();
});

test("the payments page fits a phone and is reached from the menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAndSignIn(page);
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Payments" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payments$/);
  await expect(page.getByRole("heading", { name: "Payments" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
