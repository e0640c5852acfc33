// "Pay from another network" on the hosted payment page, in Chromium against the sandbox: a
// secure payment of USDC on arbitrum-one is paid with the injected test wallet from USDC on
// base — the page offers the route the wallet holds, checks the intent, has the EIP-2612 permit
// and the Permit2 witness signed, follows the settlement (collecting on Base → paying on
// Arbitrum One → paid, both transactions linked) to the receipt; the payee received the exact
// amount on arbitrum-one and one payment.confirmed went out. A tampered intent (another spender)
// is refused before the wallet signs anything. The payer is a fresh wallet funded by the
// sandbox's token minter, so no demo wallet's nonces are shared with the other specs. The
// dashboard's Crosschain liquidity page lists the operator treasury per network and token.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { type Address, createPublicClient, createTestClient, encodeFunctionData, http, parseAbi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { SANDBOX_OPERATOR } from "../lib/chains/crosschain-gateway";
import { SANDBOX_ADMIN } from "../lib/devnet/accounts";
import { sandboxRpc } from "./support/sandbox-rpc";
import { type PagePlatform, setUpPagePlatform, USDC_BASE } from "./support/secure-payment-platform";
import { installTestWallet } from "./support/test-wallet";

const SHOTS = "e2e/artifacts/crosschain-page";
const USDC_ARB: Address = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
const ARBITRUM_RPC = sandboxRpc("arbitrum-one");
const WALLET_RPC = { 8453: sandboxRpc("base"), 42161: ARBITRUM_RPC };
const erc20 = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "function mint(address to, uint256 amount)",
]);

async function balanceOf(rpc: string, token: Address, owner: Address): Promise<bigint> {
  return createPublicClient({ transport: http(rpc) }).readContract({
    address: token,
    abi: erc20,
    functionName: "balanceOf",
    args: [owner],
  });
}

/** A new payer holding `units` of USDC on Base (minted by the sandbox admin, which anvil impersonates and whose nonces it assigns). */
async function fundedPayer(units: bigint) {
  const privateKey = generatePrivateKey();
  const account = privateKeyToAccount(privateKey);
  const chain = createTestClient({ mode: "anvil", transport: http(sandboxRpc("base")) });
  await chain.impersonateAccount({ address: SANDBOX_ADMIN.address });
  await chain.setBalance({ address: SANDBOX_ADMIN.address, value: 10n ** 21n });
  const hash = await chain.request({
    method: "eth_sendTransaction",
    params: [
      {
        from: SANDBOX_ADMIN.address,
        to: USDC_BASE,
        data: encodeFunctionData({ abi: erc20, functionName: "mint", args: [account.address, units] }),
      },
    ],
  } as never);
  await createPublicClient({ transport: http(sandboxRpc("base")) }).waitForTransactionReceipt({
    hash: hash as `0x${string}`,
  });
  return { address: account.address, privateKey };
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

let platform: PagePlatform;
test.beforeAll(async ({ baseURL }) => {
  platform = await setUpPagePlatform(baseURL!, { chainId: 42161, tokenAddress: USDC_ARB });
});
test.afterAll(async () => platform?.close());

test("a payer pays USDC on arbitrum-one from USDC on base on the page and sees the receipt", async ({ page }) => {
  test.setTimeout(180_000);
  const payer = await fundedPayer(50_000_000n);
  const created = await platform.createPayment(["12.5"], { reference: "INV-X1" });
  const [requestId] = created.requestIds;
  const before = await balanceOf(ARBITRUM_RPC, USDC_ARB, platform.payee);
  const wallet = await installTestWallet(page, { privateKey: payer.privateKey, chainId: 42161, rpcUrls: WALLET_RPC });

  await page.goto(created.securePaymentUrl);
  await page.getByRole("button", { name: "Connect Stablelink Test Wallet" }).click();
  // The wallet holds nothing on arbitrum-one: the page offers Base, where it holds enough.
  const option = page.getByTestId("crosschain-option");
  await expect(option).toBeVisible({ timeout: 30_000 });
  await expect(option.getByRole("radio", { name: /USDC on Base/ })).toBeChecked();
  // The route that can pay leads; paying on arbitrum-one anyway comes after it.
  expect(await page.getByRole("button", { name: /^Pay / }).allTextContents()).toEqual([
    "Pay from USDC on Base",
    expect.stringMatching(/^Pay [\d.]+\sUSDC$/), // the link's total, its fee included (a no-break space before the symbol)
  ]);
  // 0.1 % of 12.5 rounded up + 0.05 for gas: the fee the page quotes.
  await expect(option).toContainText("fee 0.0625 USDC");
  await shoot(page, "offered");
  await option.getByRole("button", { name: "Pay from USDC on Base" }).click();

  await expect(page.getByTestId("crosschain-total")).toHaveText("12.5625 USDC");
  await expect(page.getByTestId("crosschain-summary")).toContainText("12.50 USDC on Arbitrum One");
  const steps = page.getByRole("list", { name: "Payment steps" });
  await expect(steps).toContainText("Switch your wallet to Base");
  await expect(steps).toContainText("Allow Permit2 to move your USDC (a signature, no transaction)");
  await shoot(page, "ready");
  await page.getByRole("button", { name: "Pay 12.5625 USDC from Base" }).click();

  const state = page.getByTestId("pay-state");
  await expect(page.getByRole("list", { name: "Settlement" })).toBeVisible({ timeout: 30_000 });
  await expect(state).toHaveAttribute("data-state", /crosschain-(collecting|paying|paid)|confirmed|completed/);
  await expect(state).toHaveAttribute("data-state", "completed", { timeout: 90_000 });
  await expect(page.getByRole("heading", { name: "Payment confirmed" })).toBeVisible();
  await shoot(page, "receipt");

  // The wallet switched, then signed the permit and the payment; it sent no transaction.
  const methods = wallet.requests.map((r) => r.method);
  expect(methods.indexOf("wallet_switchEthereumChain")).toBeLessThan(methods.indexOf("eth_signTypedData_v4"));
  expect(methods.filter((m) => m === "eth_signTypedData_v4")).toHaveLength(2);
  expect(methods).not.toContain("eth_sendTransaction");

  // The payee received exactly the amount, on arbitrum-one; the payer gave amount + fee on base.
  expect(await balanceOf(ARBITRUM_RPC, USDC_ARB, platform.payee)).toBe(before + 12_500_000n);
  expect(await balanceOf(sandboxRpc("base"), USDC_BASE, payer.address)).toBe(50_000_000n - 12_562_500n);
  await expect
    .poll(() => platform.events().filter((e) => e.event === "payment.confirmed" && e.requestId === requestId).length, {
      timeout: 45_000,
    })
    .toBe(1);
  const [confirmed] = platform.events().filter((e) => e.event === "payment.confirmed" && e.requestId === requestId);
  expect(confirmed).toMatchObject({ requestId, network: "arbitrum-one" });
});

test("a tampered intent (another spender) is refused before the wallet signs anything", async ({ page }) => {
  const payer = await fundedPayer(10_000_000n);
  const created = await platform.createPayment(["3"]);
  const wallet = await installTestWallet(page, { privateKey: payer.privateKey, chainId: 42161, rpcUrls: WALLET_RPC });
  await page.route(
    (url) => /^\/pay\/[^/]+\/crosschain$/.test(url.pathname),
    async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      const intent = JSON.parse(body.paymentIntent);
      intent.values.spender = "0x000000000000000000000000000000000000bad1";
      body.paymentIntent = JSON.stringify(intent);
      await route.fulfill({ response: res, json: body });
    },
  );
  await page.goto(created.securePaymentUrl);
  await page.getByRole("button", { name: "Connect Stablelink Test Wallet" }).click();
  await page
    .getByTestId("crosschain-option")
    .getByRole("button", { name: "Pay from USDC on Base" })
    .click({ timeout: 30_000 });
  const state = page.getByTestId("pay-state");
  await expect(state).toHaveAttribute("data-state", "blocked");
  await expect(state).toContainText("not our gateway on Base");
  await expect(state).toContainText("Nothing was signed. Do not pay this link from another page.");
  await expect(page.getByRole("heading", { name: "Payment stopped for your safety" })).toBeFocused();
  await shoot(page, "blocked");
  expect(wallet.requests.map((r) => r.method)).not.toContain("eth_signTypedData_v4");
});

test("the dashboard lists the operator treasury per network and stablecoin, and passes axe", async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: "session_token", value: platform.sessionToken, url: baseURL! }]);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Crosschain liquidity" }).click();
  await expect(page.getByRole("heading", { name: "Crosschain liquidity" })).toBeVisible();
  await expect(page.getByText(SANDBOX_OPERATOR.address)).toBeVisible();
  const rows = page.getByTestId("liquidity-row");
  // Every sandbox network, USDC and USDT where the chain has them; the sandbox treasury is funded, so none is low.
  expect(await rows.count()).toBeGreaterThanOrEqual(4);
  const usdcBase = rows.filter({ hasText: "Base" }).filter({ hasText: "USDC" });
  await expect(usdcBase).toHaveCount(1);
  await expect(usdcBase).toHaveAttribute("data-low", "false");
  await expect(usdcBase).toContainText("Enough");
  // The figure is the chain's: the treasury's USDC on Base, as a whole-token amount. Another
  // spec's crosschain payment may move it between the page's read and ours: read, reload, compare.
  await expect
    .poll(
      async () => {
        const onChain = await balanceOf(sandboxRpc("base"), USDC_BASE, SANDBOX_OPERATOR.address);
        await page.reload();
        return (await usdcBase.textContent())?.includes((onChain / 1_000_000n).toLocaleString("en-US"));
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(true);
  await expect(page.getByTestId("liquidity-warning")).toHaveCount(0);
  await shoot(page, "liquidity");
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
