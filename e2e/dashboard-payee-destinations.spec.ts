// Payee destinations in the dashboard: a wallet-signed-in platform connects the payee wallet
// (the injected EVM test wallet, or TronLink's stand-in), picks the network and token, signs
// the API's typed data, sees the destination in the list and deactivates it with another
// signature. Declined signatures and an email session are shown for what they are.
import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { registerAndSignIn } from "./support/dashboard-account";
import { installTestTronWallet } from "./support/test-tron-wallet";
import { installTestWallet } from "./support/test-wallet";

const PAGE = "/dashboard/payee-destinations";
const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const USDT_ARBITRUM = "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9";
const USDT_TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

async function signInWithTestWallet(page: Page): Promise<void> {
  await page.goto(PAGE);
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?next=%2Fdashboard%2Fpayee-destinations$/);
  await page.getByRole("button", { name: "Sign in with Stablelink Test Wallet" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payee-destinations$/);
  await expect(page.getByRole("link", { name: "Payee destinations" })).toHaveAttribute("aria-current", "page");
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const idPattern = (wallet: string, chainId: number, token: string) =>
  new RegExp(`^${escape(wallet)}@eip155:${chainId}#[0-9A-F]{8}:${escape(token)}$`);

/** The destination as the API reads it, with the page's own session cookie. */
async function readDestination(page: Page, destinationId: string) {
  const res = await page.request.get(`/v2/payee-destination/${encodeURIComponent(destinationId)}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { active: boolean; walletAddress: string; network: string; currency: string };
}

test("a wallet adds USDC on Base, then USDT on Arbitrum One in its place, and deactivates it after a confirmation", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const wallet = await installTestWallet(page, { chains: [8453, 42161] });
  await signInWithTestWallet(page);
  await expect(page.getByText("No payee destinations yet")).toBeVisible();

  const form = page.getByRole("form", { name: "Add a destination" });
  await expect(form.getByRole("button", { name: /^Sign and add/ })).toHaveCount(0); // no wallet yet: connecting comes first
  await form.getByRole("button", { name: "Connect Stablelink Test Wallet" }).click();
  await expect(form.getByLabel("Payee wallet")).toHaveValue(wallet.address);

  await form.getByLabel("Network").selectOption({ label: "Base" });
  await form.getByRole("radio", { name: /USDC/ }).check();
  await form.getByRole("button", { name: "Sign and add USDC on Base" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Destination added: USDC on Base" })).toBeVisible();
  const rows = page.getByTestId("payee-destination-row");
  await expect(rows).toHaveCount(1);
  const baseId = (await rows.first().getAttribute("data-destination-id"))!;
  expect(baseId).toMatch(idPattern(wallet.address, 8453, USDC_BASE));
  await rows
    .first()
    .getByRole("button", { name: /^Copy destination ID of USDC on Base/ })
    .click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(baseId);
  await expect(rows.first().getByText("active", { exact: true })).toBeVisible();
  expect(await readDestination(page, baseId)).toMatchObject({
    active: true,
    walletAddress: wallet.address,
    currency: "USDC-base",
  });

  // The wallet was moved to Base before it was asked, and got the API's typed data unchanged
  // (EIP712Domain included, addresses as the person should read them: EIP-55).
  const methods = wallet.requests.map((r) => r.method);
  expect(methods.indexOf("wallet_switchEthereumChain")).toBeGreaterThanOrEqual(0);
  expect(methods.indexOf("wallet_switchEthereumChain")).toBeLessThan(methods.indexOf("eth_signTypedData_v4"));
  const typed = JSON.parse(String(wallet.requests.find((r) => r.method === "eth_signTypedData_v4")!.params[1]));
  expect(typed).toMatchObject({
    primaryType: "PayeeDestination",
    domain: { name: "Stablelink", version: "1", chainId: 8453 },
    message: { action: "add", walletAddress: wallet.address, tokenAddress: USDC_BASE },
  });
  expect(Object.keys(typed.types)).toEqual(["EIP712Domain", "PayeeDestination"]);

  // A second network: the page warns that the wallet's active destination will be replaced.
  await form.getByLabel("Network").selectOption({ label: "Arbitrum One" });
  await form.getByRole("radio", { name: /USDT/ }).check();
  await expect(form).toContainText(
    "This wallet’s active destination is USDC on Base. Adding USDT on Arbitrum One deactivates it.",
  );
  await form.getByRole("button", { name: "Sign and add USDT on Arbitrum One" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The wallet’s previous destination, USDC on Base, is now inactive." }),
  ).toBeVisible();
  await expect(rows).toHaveCount(2);
  const arbitrumRow = rows.filter({ hasText: "Arbitrum One" });
  const arbitrumId = (await arbitrumRow.getAttribute("data-destination-id"))!;
  expect(arbitrumId).toMatch(idPattern(wallet.address, 42161, USDT_ARBITRUM));
  await expect(arbitrumRow.getByText("active", { exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: "Base" }).getByText("inactive", { exact: true })).toBeVisible();
  expect(wallet.chainId).toBe(42161);

  const shots = "e2e/artifacts/screenshots";
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/payee-destinations-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/payee-destinations-phone.png`, fullPage: true });
  // On a phone only the table scrolls sideways, not the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Deactivate, from the keyboard: the dialog opens on its safe button and Escape cancels.
  const deactivate = arbitrumRow.getByRole("button", { name: `Deactivate USDT on Arbitrum One for ${wallet.address}` });
  await deactivate.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Deactivate this payee destination?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(dialog.getByLabel("Signing wallet")).toHaveValue(wallet.address);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deactivate).toBeFocused();
  expect((await readDestination(page, arbitrumId)).active).toBe(true);

  await deactivate.click();
  await dialog.getByRole("button", { name: "Sign and deactivate" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "is deactivated" })).toBeVisible();
  await expect(arbitrumRow.getByText("inactive", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Deactivate/ })).toHaveCount(0);
  expect((await readDestination(page, arbitrumId)).active).toBe(false);
  const signed = wallet.requests
    .filter((r) => r.method === "eth_signTypedData_v4")
    .map((r) => JSON.parse(String(r.params[1])).message.action);
  expect(signed).toEqual(["add", "add", "deactivate"]);
  const active = await page.request.get(`/v2/payee-destination?walletAddress=${wallet.address}`);
  expect(await active.json()).toBeNull();
});

test("a declined network switch and a declined signature are explained, add nothing, and signing again works", async ({
  page,
}) => {
  const wallet = await installTestWallet(page, { chains: [8453] });
  await signInWithTestWallet(page);
  const form = page.getByRole("form", { name: "Add a destination" });
  await form.getByRole("button", { name: "Connect Stablelink Test Wallet" }).click();
  await form.getByLabel("Network").selectOption({ label: "Base" });
  const submit = form.getByRole("button", { name: "Sign and add USDC on Base" });

  wallet.rejectNext("wallet_switchEthereumChain");
  await submit.click();
  await expect(form.getByRole("alert")).toHaveText(
    "You declined the switch to Base in the wallet. Nothing was added: wallets sign for a destination on Base only while on Base.",
  );

  wallet.rejectNext("eth_signTypedData_v4");
  await submit.click();
  await expect(form.getByRole("alert")).toHaveText(
    "You declined the signature in the wallet. Nothing was added. Sign again when you are ready.",
  );
  await expect(page.getByText("No payee destinations yet")).toBeVisible();
  expect(await (await page.request.get("/v2/payee-destinations")).json()).toEqual([]);

  await submit.click();
  await expect(form.getByRole("alert")).toHaveCount(0);
  await expect(page.getByTestId("payee-destination-row")).toHaveCount(1);
  expect(await (await page.request.get("/v2/payee-destinations")).json()).toEqual([
    expect.objectContaining({ walletAddress: wallet.address, currency: "USDC-base", active: true }),
  ]);
});

test("a Tron wallet connected through TronLink signs its destination with TIP-712, and its own signature deactivates it", async ({
  page,
}) => {
  await installTestWallet(page);
  const tron = await installTestTronWallet(page);
  await signInWithTestWallet(page);

  const form = page.getByRole("form", { name: "Add a destination" });
  await form.getByLabel("Network").selectOption({ label: "Tron" });
  await form.getByRole("button", { name: "Connect TronLink" }).click();
  // The adapter waits its 3 s check timeout for a TIP-6963 announcement before it takes the
  // classic window.tronLink injection this stand-in makes: connecting takes that long.
  const connected = { timeout: 15_000 };
  await expect(form.getByLabel("Payee wallet (Tron)")).toHaveValue(tron.address, connected);
  await form.getByRole("radio", { name: /USDT/ }).check();
  await form.getByRole("button", { name: "Sign and add USDT on Tron" }).click();

  const row = page.getByTestId("payee-destination-row");
  await expect(row).toHaveCount(1);
  const id = (await row.getAttribute("data-destination-id"))!;
  expect(id).toMatch(idPattern(tron.address, 728126428, USDT_TRON));
  expect(await readDestination(page, id)).toMatchObject({ active: true, network: "tron", currency: "USDT-tron" });
  expect(tron.signedTypedData[0]).toMatchObject({
    domain: { chainId: 728126428 },
    message: { action: "add", walletAddress: tron.address, tokenAddress: USDT_TRON },
  });
  expect(Object.keys(tron.signedTypedData[0].types)).toEqual(["PayeeDestination"]);

  // In the dialog: disconnected, the confirm waits for the destination's wallet to be connected.
  await row.getByRole("button", { name: /^Deactivate USDT on Tron/ }).click();
  const dialog = page.getByRole("dialog", { name: "Deactivate this payee destination?" });
  await dialog.getByRole("button", { name: "Disconnect" }).click();
  await expect(dialog).toContainText(`Connect ${tron.address} to sign.`);
  await expect(dialog.getByRole("button", { name: "Sign and deactivate" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Connect TronLink" }).click();
  await expect(dialog.getByLabel("Signing wallet")).toHaveValue(tron.address, connected);

  tron.rejectNext();
  await dialog.getByRole("button", { name: "Sign and deactivate" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "You declined the signature in the wallet. The destination is still active. Sign again when you are ready.",
  );
  await dialog.getByRole("button", { name: "Sign and deactivate" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("inactive", { exact: true })).toBeVisible();
  expect((await readDestination(page, id)).active).toBe(false);
  expect(tron.signedTypedData.map((t) => t.message.action)).toEqual(["add", "deactivate", "deactivate"]);
});

test("signed in with email, after linking a wallet in Settings, the page steps up with that wallet to a wallet session of the same platform", async ({
  page,
}) => {
  const wallet = await installTestWallet(page, { chains: [8453] });
  await registerAndSignIn(page);
  const before = (await (await page.request.get("/v1/auth/session")).json()) as { platformId: string };
  await page.goto(PAGE);
  const stepUp = page.getByRole("region", { name: "Sign with your payee wallet to add a destination" });
  await expect(stepUp).toBeVisible();
  await expect(page.getByRole("form", { name: "Add a destination" })).toHaveCount(0);
  await expect(page.getByText("No payee destinations yet")).toBeVisible();
  // The API agrees: an email session cannot ask for signing data.
  const refused = await page.request.get(
    `/v2/payee-destination/signing-data?walletAddress=0x70997970C51812dc3A010C7d01b50e0d17dc79C8&chainId=8453&tokenAddress=${USDC_BASE}&action=add`,
  );
  expect(refused.status()).toBe(403);

  // Settings links the wallet (the email session stays an email session)…
  await page.goto("/dashboard/settings");
  await page.getByRole("button", { name: "Link Stablelink Test Wallet" }).click();
  await expect(page.getByTestId("linked-wallet")).toHaveText(wallet.address);
  // …and the destinations page names it and steps up with it: no sign-out, no second platform.
  await page.goto(PAGE);
  await expect(stepUp).toContainText(`Your linked wallet is ${wallet.address}`);
  await stepUp.getByRole("button", { name: "Sign with Stablelink Test Wallet" }).click();
  await expect(page.getByRole("form", { name: "Add a destination" })).toBeVisible();
  expect(await (await page.request.get("/v1/auth/session")).json()).toMatchObject({
    platformId: before.platformId,
    sessionKind: "wallet",
  });
});
