// The hosted Secure Payment Page in Chromium against the sandbox: a payer pays a link with the
// injected test wallet (real signatures, real transactions on the sandboxed Base chain), the
// page follows payment detection to the confirmed state and the platform's receiver gets a
// signed payment.confirmed; an allowlisted link refuses another wallet; expired and unknown
// links; a tampered answer is blocked before the wallet is asked; a multicall of three
// payouts is paid in one batch. Screenshots at desktop and phone widths go to
// e2e/artifacts/secure-payment-page/. Demo wallets 7, 8 and 9 only (the other specs use lower ones).
import { expect, type Page, test } from "@playwright/test";
import { ulid } from "ulid";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { sandboxRpc } from "./support/sandbox-rpc";
import { type PagePlatform, setUpPagePlatform, usdcOnBase } from "./support/secure-payment-platform";
import { installTestWallet } from "./support/test-wallet";

const SHOTS = "e2e/artifacts/secure-payment-page";
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };
const WALLET_RPC = { 1: sandboxRpc("mainnet"), 8453: sandboxRpc("base") };

async function shoot(page: Page, name: string): Promise<void> {
  for (const [label, size] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** Webhook events of one request (or all), once `count` of `name` have arrived. */
async function eventsOf(platform: PagePlatform, name: string, requestId: string, count = 1) {
  await expect
    .poll(() => platform.events().filter((e) => e.event === name && e.requestId === requestId).length, {
      timeout: 45_000,
    })
    .toBeGreaterThanOrEqual(count);
  return platform.events().filter((e) => e.event === name && e.requestId === requestId);
}

let platform: PagePlatform;
test.beforeAll(async ({ baseURL }) => {
  platform = await setUpPagePlatform(baseURL!);
});
test.afterAll(async () => platform?.close());
test.use({ viewport: DESKTOP });

test("a payer connects the injected wallet, switches to Base, approves and pays USDC, and the page shows it confirmed", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const payer = DEMO_WALLETS[7];
  const created = await platform.createPayment(["25"], {
    reference: "INV-2041",
    redirectUrl: "https://shop.example.com/orders/2041",
    redirectLabel: "Back to the shop",
  });
  const [requestId] = created.requestIds;
  const payeeBefore = await usdcOnBase(platform.payee);
  const wallet = await installTestWallet(page, { privateKey: payer.privateKey, chainId: 1, rpcUrls: WALLET_RPC });

  // Everything to read is in the HTML: amount, payee, network, token, fee, total, expiry.
  const html = await (await page.request.get(created.securePaymentUrl)).text();
  for (const text of ["25.25 USDC", platform.payee, "Base", "Platform fee (1 %)", "INV-2041", "Link expires"])
    expect(html).toContain(text);

  await page.goto(created.securePaymentUrl);
  await expect(page.getByTestId("pay-total")).toHaveText("25.25 USDC");
  await expect(page.getByRole("img", { name: "QR code of this payment link" })).toBeVisible();
  await shoot(page, "payable");

  // The keyboard is enough: the wallet is the first stop of Tab, Enter connects it.
  const connect = page.getByRole("button", { name: "Connect Stablelink Test Wallet" });
  await expect(connect).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(connect).toBeFocused();
  await page.keyboard.press("Enter");
  const steps = page.getByRole("list", { name: "Payment steps" });
  await expect(steps).toContainText("Switch your wallet to Base");
  await expect(steps).toContainText("Allow the payment contract to take 25.25 USDC");
  await expect(steps).toContainText("Pay 25.25 USDC");
  await page.getByRole("button", { name: "Pay 25.25 USDC" }).click();

  const state = page.getByTestId("pay-state");
  // Confirmed, the page becomes the receipt (the same one a later visit shows), without the amount to pay and the QR code.
  await expect(state).toHaveAttribute("data-state", "completed", { timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "Payment confirmed" })).toBeFocused();
  await expect(page.getByTestId("pay-receipt-amount")).toHaveText("25.25 USDC");
  await expect(page.getByTestId("pay-receipt")).toContainText("INV-2041");
  await expect(page.getByText("Amount to pay")).toHaveCount(0);
  await expect(page.getByRole("img", { name: "QR code of this payment link" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to the shop" })).toHaveAttribute(
    "href",
    "https://shop.example.com/orders/2041",
  );
  const txHash = (await page.getByTestId("pay-tx-link").textContent())!;
  await expect(page.getByTestId("pay-tx-link")).toHaveAttribute("href", new RegExp(`/sandbox/tx/base/${txHash}$`));
  await shoot(page, "confirmed");

  // The wallet switched before it was asked to send, then sent the approval and the payment.
  const methods = wallet.requests.map((r) => r.method);
  expect(methods.indexOf("wallet_switchEthereumChain")).toBeLessThan(methods.indexOf("eth_sendTransaction"));
  expect(methods.filter((m) => m === "eth_sendTransaction")).toHaveLength(2);
  expect(await usdcOnBase(platform.payee)).toBe(payeeBefore + 25_000_000n);

  const [confirmed] = await eventsOf(platform, "payment.confirmed", requestId);
  expect(confirmed).toMatchObject({ requestId, txHash, network: "base", amount: "25" });
  expect(String(confirmed.payerAddress).toLowerCase()).toBe(payer.address.toLowerCase());
  // Payer activity came along, best effort, in the order it happened.
  const activity = platform
    .events()
    .filter(
      (e) => e.event === "secure_payment.user_event" && (e.requestIds as string[] | undefined)?.includes(requestId),
    );
  expect(activity.map((e) => e.userEvent)).toEqual(
    expect.arrayContaining(["wallet_connected", "payment_sent_to_wallet", "payment_approved_in_wallet"]),
  );
  expect(activity.find((e) => e.userEvent === "payment_approved_in_wallet")?.properties).toMatchObject({
    payment_submission_id: txHash,
    payment_submission_id_type: "evm_tx_hash",
  });

  // Opened again later, the link says it is complete, with the same transaction.
  await page.reload();
  await expect(page.getByRole("heading", { name: "This payment is complete" })).toBeVisible();
  await expect(page.getByText(txHash)).toBeVisible();
  await expect(page.getByTestId("pay-receipt-amount")).toHaveText("25.25 USDC");
  await shoot(page, "completed");
});

test("an allowlisted link opened by another wallet shows the refusal, and access_rejected arrives once for two tries", async ({
  page,
}) => {
  const created = await platform.createPayment(["10"], {
    accessPolicy: { allowedPayerAddresses: [DEMO_WALLETS[7].address] },
  });
  const [requestId] = created.requestIds;
  const outsider = DEMO_WALLETS[9];
  const wallet = await installTestWallet(page, { privateKey: outsider.privateKey, chainId: 8453, rpcUrls: WALLET_RPC });
  await page.goto(created.securePaymentUrl);
  await expect(page.getByText("Only the wallets the payee named can pay this link.")).toBeVisible();
  await page.getByRole("button", { name: "Connect Stablelink Test Wallet" }).click();
  const refusal = page.getByTestId("pay-state");
  await expect(refusal).toHaveAttribute("data-state", "refused");
  await expect(page.getByRole("heading", { name: "This wallet cannot pay this link" })).toBeFocused();
  await expect(refusal).toContainText(outsider.address);
  await page.getByRole("button", { name: "Check again" }).click();
  await expect(refusal).toHaveAttribute("data-state", "refused");
  await shoot(page, "refused");

  const rejected = await eventsOf(platform, "secure_payment.access_rejected", requestId);
  expect(rejected[0]).toMatchObject({ requestId, attemptedPayerWalletAddress: outsider.address.toLowerCase() });
  // The second try is inside the 10-minute window: give a second event time to arrive, then count.
  await page.waitForTimeout(3000);
  expect(
    platform.events().filter((e) => e.event === "secure_payment.access_rejected" && e.requestId === requestId),
  ).toHaveLength(1);
  expect(wallet.requests.map((r) => r.method)).not.toContain("eth_sendTransaction");
});

test("an expired link and an unknown link each have their own page", async ({ page }) => {
  const created = await platform.createPayment(["5"], { expiresAt: new Date(Date.now() + 2500).toISOString() });
  await page.waitForTimeout(3000);
  await page.goto(created.securePaymentUrl);
  await expect(page.getByRole("heading", { name: "This payment link has expired" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Connect/ })).toHaveCount(0);
  await shoot(page, "expired");

  const unknown = await page.goto(`/pay/${ulid()}`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Payment link not found" })).toBeVisible();
  await shoot(page, "unknown");
});

test("a tampered answer is blocked before the wallet is asked to sign anything", async ({ page }) => {
  const created = await platform.createPayment(["3"]);
  const wallet = await installTestWallet(page, {
    privateKey: DEMO_WALLETS[8].privateKey,
    chainId: 8453,
    rpcUrls: WALLET_RPC,
  });
  // Something between the service and the page rewrites the payment call's target.
  await page.route(
    (url) => /^\/pay\/[^/]+\/calls$/.test(url.pathname),
    async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.transactions[body.transactions.length - 1].to = "0x000000000000000000000000000000000000bad1";
      await route.fulfill({ response: res, json: body });
    },
  );
  await page.goto(created.securePaymentUrl);
  await page.getByRole("button", { name: "Connect Stablelink Test Wallet" }).click();
  await expect(page.getByTestId("pay-state")).toHaveAttribute("data-state", "blocked");
  await expect(page.getByTestId("pay-state")).toContainText("neither a payment contract nor a token of Base");
  await expect(page.getByTestId("pay-state")).toContainText("Do not pay this link from another page.");
  await expect(page.getByRole("heading", { name: "Payment stopped for your safety" })).toBeFocused();
  await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  expect(wallet.requests.map((r) => r.method)).not.toContain("eth_sendTransaction");
  await shoot(page, "blocked");
});

test("a multicall payout of three children is paid in one go", async ({ page }) => {
  test.setTimeout(120_000);
  const payer = DEMO_WALLETS[8];
  const recipients = [
    DEMO_WALLETS[9].address,
    "0x1000000000000000000000000000000000000001",
    "0x1000000000000000000000000000000000000002",
  ] as const;
  const amounts = ["1.5", "2", "3.25"];
  const payouts = [];
  for (const [i, recipient] of recipients.entries()) {
    payouts.push(
      await platform.createPayout({
        recipient,
        creatorWalletAddress: payer.address,
        network: "base",
        currency: "USDC",
        amount: amounts[i],
        reference: `payout-${i + 1}`,
      }),
    );
  }
  const multicall = await platform.createMulticall(payouts.map((p) => p.token));
  const before = await Promise.all(recipients.map((r) => usdcOnBase(r)));
  const wallet = await installTestWallet(page, { privateKey: payer.privateKey, chainId: 8453, rpcUrls: WALLET_RPC });

  await page.goto(multicall.securePaymentUrl);
  const rows = page.getByTestId("multicall-child");
  await expect(rows).toHaveCount(3);
  for (const [i, r] of recipients.entries()) await expect(rows.nth(i)).toContainText(r);
  await expect(rows.filter({ hasText: "Ready" })).toHaveCount(3);
  await shoot(page, "multicall");

  await page.getByRole("button", { name: "Connect Stablelink Test Wallet" }).click();
  await page.getByRole("button", { name: /^Pay all 3 payouts/ }).click();
  await expect(page.getByTestId("pay-state")).toHaveAttribute("data-state", "completed", { timeout: 60_000 });
  await shoot(page, "multicall-confirmed");

  // One wallet request for everything (EIP-5792), no transaction sent one by one.
  const methods = wallet.requests.map((r) => r.method);
  expect(methods.filter((m) => m === "wallet_sendCalls")).toHaveLength(1);
  expect(methods).not.toContain("eth_sendTransaction");
  const after = await Promise.all(recipients.map((r) => usdcOnBase(r)));
  expect(after.map((a, i) => a - before[i])).toEqual([1_500_000n, 2_000_000n, 3_250_000n]);
  for (const p of payouts) await eventsOf(platform, "payment.confirmed", p.requestIds[0]);
});
