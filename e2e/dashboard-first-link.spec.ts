// Issue 31: a merchant who signs up with email reaches a first paid link without dead ends,
// at 1366 px and at 390 px. Email sign-up → Getting started → the payee-destinations page steps
// the email session up to a wallet session of the SAME platform (the injected test wallet signs
// there) → the payee wallet signs USDC on Base (the default network) → a payment link → a payer
// pays it → the link is listed as paid and the checklist shows each step done. Every merchant
// action (a click, or a form submitted) is counted and the count is asserted, so a change that
// adds a step fails here. Screenshots go to e2e/artifacts/first-link/.
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import {
  type Address,
  createPublicClient,
  encodeAbiParameters,
  type Hex,
  http,
  keccak256,
  parseAbi,
  toHex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { sandboxRpc } from "./support/sandbox-rpc";
import { USDC_BASE } from "./support/secure-payment-platform";
import { installTestWallet } from "./support/test-wallet";

const SHOTS = "e2e/artifacts/first-link";
/** The merchant's actions to a first paid link: asserted, and reported in the closing note. */
const EXPECTED_ACTIONS = 7;

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(sandboxRpc("base"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const json = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (json.error) throw new Error(`${method}: ${json.error.message}`);
  return json.result;
}

/**
 * A fresh payer with gas money and 100 USDC on the sandboxed Base, set with anvil's cheat calls
 * (balanceOf is slot 3 of contracts/SandboxERC20.sol): no demo wallet's nonce is shared with a
 * spec running beside this one.
 */
async function fundedPayer(): Promise<{ privateKey: Hex; address: Address }> {
  const privateKey = generatePrivateKey();
  const { address } = privateKeyToAccount(privateKey);
  await rpc("anvil_setBalance", [address, toHex(10n ** 18n)]);
  const slot = keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [address, 3n]));
  await rpc("anvil_setStorageAt", [USDC_BASE, slot, toHex(100_000_000n, { size: 32 })]);
  const balance = await createPublicClient({ transport: http(sandboxRpc("base")) }).readContract({
    address: USDC_BASE,
    abi: parseAbi(["function balanceOf(address) view returns (uint256)"]),
    functionName: "balanceOf",
    args: [address],
  });
  expect(balance).toBe(100_000_000n);
  return { privateKey, address };
}

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const viewport of [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`${viewport.name} (${viewport.width} px): email sign-up to a first paid link, on one platform`, async ({
    page,
    context,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const wallet = await installTestWallet(page, { chainId: 8453, chains: [8453] });
    let actions = 0;
    const act = async (what: () => Promise<unknown>) => {
      actions += 1;
      await what();
    };
    const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${viewport.name}-${name}.png`, fullPage: true });

    // 1. Sign up with email (the sign-in page's "Create one" form).
    const email = `first-link-${randomBytes(5).toString("hex")}@example.com`;
    await page.goto("/dashboard/sign-in?mode=register");
    const form = page.getByRole("form", { name: "Create an account" });
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Password", { exact: true }).fill("first-link-password");
    await act(() => form.getByRole("button", { name: "Create account" }).click());
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    const platformId = ((await (await page.request.get("/v1/auth/session")).json()) as { platformId: string })
      .platformId;

    // Getting started is a checklist at the top, nothing done yet, the payee wallet among it.
    const checklist = page.getByRole("region", { name: "Getting started" });
    await expect(checklist).toContainText("0 of 4 done to be paid through a link.");
    const step = (id: string) => checklist.locator(`[data-step="${id}"]`);
    for (const id of ["business-name", "payee-destination", "payment-link", "first-payment"])
      await expect(step(id)).toHaveAttribute("data-done", "false");
    await noSidewaysScroll(page, viewport.width);
    await shot("1-overview");

    // 2. The checklist leads to the payee wallet.
    await act(() => step("payee-destination").getByRole("link", { name: "Add your payee wallet" }).click());
    // The wallet libraries load with this page: on a loaded 2-core machine that takes a while.
    const slow = { timeout: 60_000 };
    await expect(page.getByRole("heading", { name: "Payee destinations", level: 1 })).toBeVisible(slow);
    const stepUp = page.getByRole("region", { name: "Sign with your payee wallet to add a destination" });
    await expect(stepUp).toBeVisible();
    await expect(page.getByRole("main").getByText(/sign out/i)).toHaveCount(0); // no advice to leave
    await shot("2-step-up");

    // 3. The wallet signs the sign-in message here: the session becomes a wallet session of this platform.
    await act(() => stepUp.getByRole("button", { name: "Sign with Stablelink Test Wallet" }).click());
    const add = page.getByRole("form", { name: "Add a destination" });
    await expect(add).toBeVisible(slow);
    const session = (await (await page.request.get("/v1/auth/session")).json()) as {
      platformId: string;
      sessionKind: string;
      user: { email: string; walletAddress: string };
    };
    expect(session).toMatchObject({
      platformId,
      sessionKind: "wallet",
      user: { email, walletAddress: wallet.address },
    });

    // 4–5. The payee wallet, Base preselected (not Ethereum mainnet), USDC first: sign and add.
    await expect(add.getByLabel("Network")).toHaveValue("base");
    const payeeField = add.getByLabel("Payee wallet");
    const connect = add.getByRole("button", { name: "Connect Stablelink Test Wallet" });
    await expect(payeeField.or(connect)).toBeVisible();
    if (await connect.isVisible()) await act(() => connect.click());
    else actions += 1; // counted all the same: the number must not depend on the wallet staying connected
    await expect(payeeField).toHaveValue(wallet.address);
    await act(() => add.getByRole("button", { name: "Sign and add USDC on Base" }).click());
    const added = page.getByRole("status").filter({ hasText: "Destination added: USDC on Base" });
    await expect(added).toBeVisible();
    await noSidewaysScroll(page, viewport.width);
    await shot("3-destination");

    // 6–7. On to the link: the form is there with the new destination; amount, create.
    await act(() => added.getByRole("link", { name: "Create a payment link" }).click());
    await expect(page.getByRole("heading", { name: "Payment links", level: 1 })).toBeVisible(slow);
    await expect(page.getByText("Create one above")).toBeVisible(); // the form above it exists
    await page.getByLabel("Amount").fill("12.5");
    await act(() => page.getByRole("button", { name: "Create link" }).click());
    const created = page.getByTestId("created-link");
    await expect(created).toBeVisible();
    const url = (await created.getByRole("link").textContent())!;
    expect(url).toMatch(/\/pay\/[0-9A-Z]{26}$/);
    await shot("4-link");

    expect(actions, "merchant actions from sign-up to a link to send").toBe(EXPECTED_ACTIONS);
    test.info().annotations.push({ type: "merchant actions", description: String(actions) });

    // A payer pays it in another tab.
    const payer = await fundedPayer();
    const pay = await context.newPage();
    await pay.setViewportSize({ width: viewport.width, height: viewport.height });
    await installTestWallet(pay, {
      privateKey: payer.privateKey,
      chainId: 8453,
      rpcUrls: { 8453: sandboxRpc("base") },
    });
    await pay.goto(url);
    await expect(pay.getByTestId("pay-total")).toHaveText("12.50 USDC");
    await pay.getByRole("button", { name: "Connect Stablelink Test Wallet" }).click();
    await pay.getByRole("button", { name: "Pay 12.50 USDC" }).click();
    await expect(pay.getByTestId("pay-state")).toHaveAttribute("data-state", "completed", { timeout: 60_000 });

    // The merchant's list says paid, and the checklist shows the four steps but the name done.
    await page.goto("/dashboard/payment-links?state=paid");
    const paid = page.getByTestId("payment-link-row");
    await expect(paid).toHaveCount(1);
    await expect(paid).toHaveAttribute("data-state", "paid");
    await expect(paid).toContainText("12.50 USDC");
    await noSidewaysScroll(page, viewport.width);
    await shot("5-paid");
    await page.goto("/dashboard");
    await expect(checklist).toContainText("3 of 4 done to be paid through a link.");
    for (const id of ["payee-destination", "payment-link", "first-payment"])
      await expect(step(id)).toHaveAttribute("data-done", "true");
    await expect(step("business-name")).toHaveAttribute("data-done", "false");
  });
}
