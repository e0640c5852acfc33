// Payments in the dashboard: a request paid for real on the sandbox chain (demo wallet 5 pays
// demo wallet 6, wallets no other spec uses) is detected by the running service, listed on
// the payments page with its payer, found by the filters, exported to CSV, counted and charted
// on the overview, linked to the explorer, and shown in the request's detail view.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { short as shortHash } from "../components/dashboard/payments/short";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { type ApiTransaction, sendAll } from "../lib/test/send-calldata";
import { createClientId, registerAndSignIn } from "./support/dashboard-account";
import { sandboxRpc } from "./support/sandbox-rpc";

const payer = DEMO_WALLETS[5];
const payee = DEMO_WALLETS[6];
const SHOP = "https://shop.example.com";

test("a request paid on the sandbox appears in the payments page, its filters and its request view", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await registerAndSignIn(page);
  const client = await createClientId(page, baseURL!, "payments e2e");
  const headers = { "x-client-id": client.clientId, origin: SHOP };
  const reference = `E2E-PAY-${randomBytes(4).toString("hex")}`;

  const created = await page.request.post("/v2/request", {
    headers,
    data: { amount: "3", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base", payee: payee.address, reference },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { requestId } = (await created.json()) as { requestId: string };

  // Nothing paid yet: the list says so.
  await page.goto("/dashboard/payments");
  await expect(page.getByText("No payments yet")).toBeVisible();

  const pay = await page.request.get(`/v2/request/${requestId}/pay?wallet=${payer.address}`, { headers });
  expect(pay.status(), await pay.text()).toBe(200);
  const { transactions } = (await pay.json()) as { transactions: ApiTransaction[] };
  const receipts = await sendAll("base", sandboxRpc("base"), payer.privateKey, transactions);
  const txHash = receipts.at(-1)!.transactionHash;

  // The service's indexer records it (1 s polling in the sandbox); the API search sees it first.
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/v2/payments?requestId=${requestId}`, { headers })).json()) as {
            pagination: { total: number };
          }
        ).pagination.total,
      {
        timeout: 60_000,
        intervals: [500],
      },
    )
    .toBe(1);

  await page.goto("/dashboard/payments");
  // The columns sort: oldest first, then by amount, each an address of its own.
  await page.getByTestId("sort-time").click();
  await expect(page).toHaveURL(/sort=oldest/);
  await expect(page.getByRole("columnheader", { name: /Time/ })).toHaveAttribute("aria-sort", "ascending");
  await page.getByTestId("sort-amount").click();
  await expect(page).toHaveURL(/sort=amount_desc/);
  await expect(page.getByRole("columnheader", { name: /Amount/ })).toHaveAttribute("aria-sort", "descending");
  await page.goto("/dashboard/payments");
  const row = page.getByTestId("payment-row").filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  // Money as the payment page writes it (two decimals for a dollar stablecoin) and its dollar value.
  await expect(row).toContainText("3.00 USDC");
  await expect(row.getByTestId("payment-usd")).toHaveText("$3.00");
  await expect(row).toContainText("direct");
  await expect(row).toContainText("base");
  await expect(row.getByTitle(payer.address, { exact: false })).toHaveCount(1);
  // Public explorers do not know the sandbox chains: the link opens the service's own page.
  await expect(
    row.getByRole("link", { name: `Transaction ${shortHash(txHash)} on the sandbox explorer` }),
  ).toHaveAttribute("href", `${new URL(baseURL!).origin}/sandbox/tx/base/${txHash}`);
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

  // A value the API would refuse is named under its field, kept as typed, and nothing is listed behind it.
  await page.goto(`/dashboard/payments?walletAddress=0x12&reference=${reference}`);
  const wallet = page.getByLabel("Wallet (payer or payee)");
  await expect(wallet).toHaveValue("0x12");
  await expect(wallet).toHaveAttribute("aria-invalid", "true");
  await expect(wallet).toHaveAccessibleDescription(/must be an EVM address/);
  await expect(page.getByText("Nothing was searched: correct the values marked above")).toBeVisible();
  await expect(page.getByTestId("payment-row")).toHaveCount(0);

  // Export to CSV: every match, the amount in the token's decimals, the payer.
  await page.goto(`/dashboard/payments?reference=${reference}`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await file.path())).toString("utf8").trimEnd().split("\r\n");
  expect(csv[0]).toMatch(/^time,payment_id,network,type,amount,currency,/);
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(`,base,direct,3,USDC,3.00,USDC,`);
  expect(csv[1]).toContain(`,${txHash},${requestId},`);
  expect(csv[1].toLowerCase()).toContain(`,${payer.address.toLowerCase()},`);
  expect(csv[1]).toContain(`,${reference},true`);

  // The overview counts it, draws it in the volume chart and lists it among the recent payments.
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: /^Payments 1\b/ })).toBeVisible();
  await expect(
    page.locator('[data-testid="volume-series"][data-symbol="USDC"]').getByTestId("volume-total"),
  ).toHaveText("3.00 USDC");
  await expect(page.getByTestId("payment-row").filter({ hasText: reference })).toHaveCount(1);
  await page.goto(`/dashboard/payments?reference=${reference}`);

  // The request's own view: what it asks, its status, and the payment with its explorer link.
  await page.getByTestId("payment-row").getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { name: `Request ${reference}` })).toBeVisible();
  await expect(page.getByTestId("request-status")).toHaveText("paid");
  await expect(page.getByTestId("request-paid")).toHaveText("3.00 USDC");
  const paymentRow = page.getByTestId("request-payment-row");
  await expect(paymentRow).toHaveCount(1);
  await expect(paymentRow).toContainText(payer.address);
  const txLink = paymentRow.getByRole("link", { name: `Transaction ${shortHash(txHash)} on the sandbox explorer` });
  await expect(txLink).toHaveAttribute("href", `${new URL(baseURL!).origin}/sandbox/tx/base/${txHash}`);

  // The sandbox's transaction page, read from the chain: status, block, from/to, the USDC transfer.
  await page.goto(`/sandbox/tx/base/${txHash}`);
  await expect(page.getByRole("heading", { name: "Sandbox transaction" })).toBeVisible();
  await expect(page.getByTestId("tx-status")).toHaveText("Success");
  await expect(page.getByText(payer.address, { exact: true })).toBeVisible();
  await expect(
    page.getByTestId("token-transfer").filter({ hasText: "3.00 USDC" }).filter({ hasText: payee.address }),
  ).toHaveCount(1);
  expect((await page.request.get(`/sandbox/tx/base/0x${"0".repeat(64)}`)).status()).toBe(404);
  await page.goBack();

  // Another platform's (or no) request is not found, like a missing one.
  await page.goto(`/dashboard/payments/requests/01${"0".repeat(64)}`);
  await expect(page.getByText("Nothing here belongs to your platform")).toBeVisible();
});

test("the payments page fits a phone and is reached from the menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAndSignIn(page);
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await nav.getByRole("button", { name: /Menu/ }).click();
  await nav.getByRole("link", { name: "Payments" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payments$/);
  await expect(page.getByRole("heading", { name: "Payments" })).toBeVisible();
  // The filters fold behind a button on a phone until asked for.
  await expect(page.getByLabel("Merchant reference")).toBeHidden();
  await page.getByRole("button", { name: "Filters" }).click();
  await expect(page.getByLabel("Merchant reference")).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
