// Payment links from the dashboard, end to end with the demo credentials: the sandbox demo
// platform already has a signed payee destination and a demo link; a link made on the
// Payment links page is opened, paid with the injected test wallet (demo wallet 4, used by no
// other spec), shows its receipt, and is listed as paid. Screenshots go to e2e/artifacts/payment-links/.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { short as shortHash } from "../components/dashboard/payments/short";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { demo } from "./demo";
import { sandboxRpc } from "./support/sandbox-rpc";
import { installTestWallet } from "./support/test-wallet";

const payer = DEMO_WALLETS[4];
const SHOTS = "e2e/artifacts/payment-links";

/** The overview chart's USDC total in cents (0 when the chart has no USDC series yet). */
async function overviewUsdcCents(page: Page): Promise<number> {
  await page.goto("/dashboard");
  const total = page.locator('[data-testid="volume-series"][data-symbol="USDC"]').getByTestId("volume-total");
  if ((await total.count()) === 0) return 0;
  const text = (await total.textContent())!;
  expect(text).toMatch(/^[\d,]+\.\d{2} USDC$/);
  return Math.round(Number(text.replace(/,/g, "").replace(" USDC", "")) * 100);
}

test("the demo user creates a payment link, a payer pays it, the receipt shows it and the list says paid", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const creds = demo();
  // Start-up made the demo link: it opens as a payable page of 42.50 USDC.
  expect(creds.demoPaymentUrl).toMatch(/\/pay\/[0-9A-Z]{26}$/);
  expect(await (await request.get(creds.demoPaymentUrl)).text()).toContain("42.50 USDC");

  // Whatever the browser reports as an error on the dashboard's pages (a hydration mismatch among them).
  const browserErrors: string[] = [];
  page.on("pageerror", (e) => browserErrors.push(e.message));
  page.on("console", (m) => m.type() === "error" && browserErrors.push(m.text()));

  await page.goto("/dashboard/sign-in");
  await page.getByLabel("Email", { exact: true }).fill(creds.email);
  await page.getByLabel("Password", { exact: true }).fill(creds.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  const chartBefore = await overviewUsdcCents(page);

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Payment links" }).click();
  await expect(page.getByRole("heading", { name: "Payment links", level: 1 })).toBeVisible();
  // The demo link is listed as open.
  await expect(
    page.getByRole("table", { name: "Payment links" }).getByRole("row").filter({ hasText: "DEMO-LINK-1" }),
  ).toContainText("open");

  const reference = `E2E-${Date.now()}`;
  await page.getByLabel("Amount").fill("12.5");
  await page.getByLabel("Reference").fill(reference);
  await page.getByLabel("Allowed payers").fill(payer.address);
  await page.getByRole("button", { name: "Create link" }).click();
  const created = page.getByTestId("created-link");
  await expect(created).toBeVisible();
  const url = (await created.getByRole("link").textContent())!;
  expect(url).toMatch(/\/pay\/[0-9A-Z]{26}$/);
  const row = page.getByTestId("payment-link-row").filter({ hasText: reference });
  await expect(row).toHaveAttribute("data-state", "open");
  await expect(row).toContainText("12.50 USDC");
  await expect(row).toContainText("1 allowed payer");
  await page.screenshot({ path: `${SHOTS}/links-open.png`, fullPage: true });

  // The payer opens the link in another tab and pays it.
  const pay = await context.newPage();
  await installTestWallet(pay, {
    privateKey: payer.privateKey,
    chainId: 8453,
    rpcUrls: { 1: sandboxRpc("mainnet"), 8453: sandboxRpc("base") },
  });
  await pay.goto(url);
  await expect(pay.getByTestId("pay-total")).toHaveText("12.50 USDC");
  await pay.getByRole("button", { name: "Connect Stablelink Test Wallet" }).click();
  await pay.getByRole("button", { name: "Pay 12.50 USDC" }).click();

  // The receipt replaces the amount to pay and the QR code, and says the same amount as a reload.
  await expect(pay.getByTestId("pay-state")).toHaveAttribute("data-state", "completed", { timeout: 60_000 });
  await expect(pay.getByRole("heading", { name: "Payment confirmed" })).toBeFocused();
  const receipt = pay.getByTestId("pay-receipt");
  await expect(pay.getByTestId("pay-receipt-amount")).toHaveText("12.50 USDC");
  await expect(receipt).toContainText(reference);
  await expect(receipt).toContainText(payer.address);
  const txHash = (await pay.getByTestId("pay-tx-link").textContent())!;
  expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
  await expect(pay.getByText("Amount to pay")).toHaveCount(0);
  await expect(pay.getByRole("img", { name: "QR code of this payment link" })).toHaveCount(0);
  await pay.reload();
  await expect(pay.getByRole("heading", { name: "This payment is complete" })).toBeVisible();
  await expect(pay.getByTestId("pay-receipt-amount")).toHaveText("12.50 USDC");
  await expect(pay.getByTestId("pay-tx-link")).toHaveText(txHash);
  await pay.screenshot({ path: `${SHOTS}/receipt.png`, fullPage: true });

  // Back in the dashboard the link is paid, and its request shows the payment.
  await page.goto("/dashboard/payment-links?state=paid");
  const paid = page.getByTestId("payment-link-row").filter({ hasText: reference });
  await expect(paid).toHaveAttribute("data-state", "paid");
  await expect(paid).toContainText("12.50 USDC");
  // …with when it was paid (the payment's block time), not a dash.
  await expect(paid.getByRole("cell", { name: /^Paid / })).toHaveText(/^Paid \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
  await page.screenshot({ path: `${SHOTS}/links-paid.png`, fullPage: true });
  // The list with open links and their QR codes hydrates without a mismatch.
  await page.goto("/dashboard/payment-links");
  await expect(page.getByTestId("payment-link-row").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(browserErrors).toEqual([]);
  await paid.getByRole("link", { name: "Request and payments" }).click();
  await expect(
    page.getByTestId("request-payment-row").getByRole("link", { name: `Transaction ${shortHash(txHash)}` }),
  ).toBeVisible();

  // The overview's chart grew by the payment (other specs may pay the demo platform at the same
  // time, so at least by it) and its recent payments list it.
  expect(await overviewUsdcCents(page)).toBeGreaterThanOrEqual(chartBefore + 1250);
  await expect(page.getByTestId("payment-row").filter({ hasText: reference })).toContainText("12.50 USDC");

  // The payments table lists it, and its CSV export carries it.
  await page.goto(`/dashboard/payments?reference=${reference}`);
  await expect(page.getByTestId("payment-row").filter({ hasText: reference })).toHaveCount(1);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export CSV/ }).click();
  const csv = (await readFile(await (await download).path())).toString("utf8").trimEnd().split("\r\n");
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(`,base,`);
  expect(csv[1]).toContain(`,12.5,USDC,12.50,USDC,`);
  expect(csv[1]).toContain(`,${txHash},`);
  expect(csv[1]).toContain(`,${reference},`);
});

test("the demo user cancels an open link from the list, and its page then says it can no longer be paid", async ({
  page,
  baseURL,
}) => {
  const creds = demo();
  const reference = `CANCEL-${Date.now()}`;
  const created = await page.request.post("/v2/secure-payments", {
    headers: { "x-client-id": creds.clientId, origin: new URL(baseURL!).origin },
    data: { requests: [{ destinationId: creds.demoDestinationId, amount: "7" }], reference },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { securePaymentUrl } = (await created.json()) as { securePaymentUrl: string };
  expect(
    (await page.request.post("/v1/auth/login", { data: { email: creds.email, password: creds.password } })).status(),
  ).toBe(200);

  await page.goto("/dashboard/payment-links");
  const row = page.getByTestId("payment-link-row").filter({ hasText: reference });
  await expect(row).toHaveAttribute("data-state", "open");
  await row.getByRole("button", { name: `Cancel link ${reference}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel the link" }).click();
  await expect(row).toHaveAttribute("data-state", "cancelled");
  await expect(row.getByRole("button", { name: `Cancel link ${reference}` })).toHaveCount(0);

  await page.goto(securePaymentUrl);
  await expect(page.getByText("This link can no longer be paid")).toBeVisible();
});
