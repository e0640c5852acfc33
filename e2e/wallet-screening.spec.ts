// Wallet screening on the hosted Secure Payment Page, in Chromium against the sandbox: a link
// created with accessPolicy.mode kyt_all_wallets (and hidePayeeAddress) hides the payee, shows
// the refusal page to the sandbox-sanctioned wallet (the sandbox's sanctions oracle lists it)
// without asking it to sign anything, and lets a clean wallet pay; the platform's receiver gets
// kyt.screening.completed rejected then approved, signed; the dashboard lists both results.
// Screenshots go to e2e/artifacts/wallet-screening/. Demo wallet 1 only (no other spec uses it).
import { expect, test } from "@playwright/test";
import { DEMO_WALLETS, SANDBOX_SANCTIONED_WALLET } from "../lib/devnet/accounts";
import { sandboxRpc } from "./support/sandbox-rpc";
import { type PagePlatform, setUpPagePlatform } from "./support/secure-payment-platform";
import { installTestWallet } from "./support/test-wallet";

const SHOTS = "e2e/artifacts/wallet-screening";
const WALLET_RPC = { 1: sandboxRpc("mainnet"), 8453: sandboxRpc("base") };

let platform: PagePlatform;
test.beforeAll(async ({ baseURL }) => {
  platform = await setUpPagePlatform(baseURL!);
});
test.afterAll(async () => platform?.close());
test.use({ viewport: { width: 1280, height: 860 } });

async function kytEvents(token: string, count: number) {
  const of = () => platform.events().filter((e) => e.event === "kyt.screening.completed" && e.paymentToken === token);
  await expect.poll(() => of().length, { timeout: 45_000 }).toBeGreaterThanOrEqual(count);
  return of();
}

test("a screened link refuses the sanctioned wallet with the refusal page, then a clean wallet pays it; both results reach the platform and the dashboard", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const created = await platform.createPayment(["10"], {
    reference: "KYT-1",
    accessPolicy: { mode: "kyt_all_wallets", hidePayeeAddress: true },
  });

  // The payee's address is not on the page before a wallet is approved: not as "Pay to", not in
  // the contract check's policy (40 hex digits). (The header shows the platform's name, which
  // for a platform created by a wallet sign-in is that wallet: a name the platform chose.)
  const html = await (await page.request.get(created.securePaymentUrl)).text();
  expect(html).toContain("Hidden by the payee");
  expect(html.toLowerCase()).not.toContain(`"${platform.payee.slice(2).toLowerCase()}"`);
  expect(html).not.toContain(`>${platform.payee}</span></dd>`);

  const sanctioned = await installTestWallet(page, {
    privateKey: SANDBOX_SANCTIONED_WALLET.privateKey,
    chainId: 8453,
    rpcUrls: WALLET_RPC,
  });
  await page.goto(created.securePaymentUrl);
  await expect(page.getByText("Hidden by the payee")).toBeVisible();
  await page.getByRole("button", { name: "Connect Stablelink Test Wallet" }).click();
  const state = page.getByTestId("pay-state");
  await expect(state).toHaveAttribute("data-state", "refused");
  await expect(state).toHaveAttribute("data-reason", "screening");
  await expect(page.getByRole("heading", { name: "This wallet cannot pay this link" })).toBeFocused();
  await expect(state).toContainText("screens every wallet");
  await page.screenshot({ path: `${SHOTS}/refused.png`, fullPage: true });
  expect(sanctioned.requests.map((r) => r.method)).not.toContain("eth_sendTransaction");
  const [rejected] = await kytEvents(created.token, 1);
  expect(rejected).toMatchObject({
    walletAddress: SANDBOX_SANCTIONED_WALLET.address.toLowerCase(),
    status: "rejected",
    provider: "sanctions-oracle",
  });

  // A clean wallet, in a fresh page, pays the same link.
  const payerPage = await page.context().newPage();
  const payer = DEMO_WALLETS[1];
  await installTestWallet(payerPage, { privateKey: payer.privateKey, chainId: 8453, rpcUrls: WALLET_RPC });
  await payerPage.goto(created.securePaymentUrl);
  await payerPage.getByRole("button", { name: "Connect Stablelink Test Wallet" }).click();
  await payerPage.getByRole("button", { name: "Pay 10.10 USDC" }).click();
  await expect(payerPage.getByTestId("pay-state")).toHaveAttribute("data-state", "completed", { timeout: 60_000 });
  const events = await kytEvents(created.token, 2);
  expect(events.map((e) => [e.walletAddress, e.status])).toEqual([
    [SANDBOX_SANCTIONED_WALLET.address.toLowerCase(), "rejected"],
    [payer.address.toLowerCase(), "approved"],
  ]);

  // The platform sees both results on its dashboard.
  await page.context().addCookies([{ name: "session_token", value: platform.sessionToken, url: baseURL! }]);
  await page.goto("/dashboard/screening");
  const rows = page.getByTestId("screening-row");
  await expect(rows).toHaveCount(2);
  await expect(page.locator('[data-testid="screening-row"][data-status="rejected"]')).toContainText(
    SANDBOX_SANCTIONED_WALLET.address.toLowerCase(),
  );
  await expect(page.locator('[data-testid="screening-row"][data-status="approved"]')).toContainText(
    payer.address.toLowerCase(),
  );
  await page.screenshot({ path: `${SHOTS}/dashboard.png`, fullPage: true });
});
