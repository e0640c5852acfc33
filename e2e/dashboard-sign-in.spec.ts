// Signing in to the dashboard: email and password, an injected EVM wallet, returning to the
// page asked for, signing out.
import { expect, test } from "@playwright/test";
import { demo } from "./demo";
import { installTestTronWallet } from "./support/test-tron-wallet";
import { installTestWallet } from "./support/test-wallet";

test("a signed-out visitor signs in with email and password and lands on the page they asked for", async ({ page }) => {
  const { email, password } = demo();
  await page.goto("/dashboard/api-keys");
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?next=%2Fdashboard%2Fapi-keys$/);
  await expect(page.getByRole("status").filter({ hasText: "Sandbox" })).toBeVisible();

  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard\/api-keys$/);
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);
  await expect(page.getByRole("link", { name: "API keys" })).toHaveAttribute("aria-current", "page");
});

test("a wrong password and an unknown email get the same answer, and the visitor stays signed out", async ({
  page,
}) => {
  const { email } = demo();
  await page.goto("/dashboard/sign-in");
  const form = page.getByRole("form", { name: "Sign in with email" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill("not-the-password");
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(form.getByRole("alert")).toHaveText("Invalid email or password");

  await form.getByLabel("Email").fill("nobody-here@example.com");
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(form.getByRole("alert")).toHaveText("Invalid email or password");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/sign-in$/);
});

test("a visitor of the home page creates an account: a short password is explained, then a new, empty platform opens", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Stablelink", level: 1 })).toBeVisible();
  await expect(page.getByText("Stablecoin payments you host yourself")).toBeVisible();
  await page.getByRole("link", { name: "Create an account" }).click();
  // The email form opens on creating an account.
  const form = page.getByRole("form", { name: "Create an account" });
  await form.getByLabel("Email").fill(`new-${Date.now()}@example.com`);
  await form.getByLabel("Password").fill("short");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(form.getByText("must be at least 8 characters")).toBeVisible();
  await expect(form.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Password").fill("a-long-enough-password");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Active client IDs\s*0/ })).toBeVisible();
});

test("signs in with an injected EVM wallet (EIP-6963, personal_sign) and signs out everywhere", async ({
  page,
  baseURL,
}) => {
  const wallet = await installTestWallet(page);
  await page.goto("/dashboard/client-ids");
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?next=/);

  await page.getByRole("button", { name: "Sign in with Stablelink Test Wallet" }).click();
  await expect(page).toHaveURL(/\/dashboard\/client-ids$/);
  await expect(page.getByTestId("signed-in-as")).toHaveText(wallet.address);
  expect(wallet.requests.map((r) => r.method)).toContain("personal_sign");
  const signed = wallet.requests.find((r) => r.method === "personal_sign")!;
  expect(Buffer.from(String(signed.params[0]).slice(2), "hex").toString()).toContain(
    `${new URL(baseURL!).host} wants you to sign in with your Ethereum account:\n${wallet.address}`,
  );

  const token = (await page.context().cookies()).find((c) => c.name === "session_token")!.value;
  expect((await fetch(`${baseURL}/v1/auth/session`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
    200,
  );

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sign-in$/);
  expect((await fetch(`${baseURL}/v1/auth/session`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
    401,
  );
  await page.goto("/dashboard/client-ids");
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?next=/);
});

test("a signature declined in the wallet leaves the visitor signed out with a clear message", async ({ page }) => {
  const wallet = await installTestWallet(page);
  wallet.rejectNext("personal_sign");
  await page.goto("/dashboard/sign-in");
  await page.getByRole("button", { name: "Sign in with Stablelink Test Wallet" }).click();
  await expect(page.getByRole("region", { name: "With a wallet" }).getByRole("alert")).toContainText(
    "declined in the wallet",
  );
  await expect(page).toHaveURL(/\/dashboard\/sign-in$/);

  await page.getByRole("button", { name: "Sign in with Stablelink Test Wallet" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("signed-in-as")).toHaveText(wallet.address);
});

test("without any browser wallet the page says so instead of offering a dead button", async ({ page }) => {
  await page.goto("/dashboard/sign-in");
  await expect(page.getByText("No browser wallet found")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with TronLink" })).toBeVisible();
});

test("signs in with a Tron wallet through the TronLink adapter (signMessageV2)", async ({ page }) => {
  const wallet = await installTestTronWallet(page);
  await page.goto("/dashboard/links");
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?next=/);

  wallet.rejectNext();
  await page.getByRole("button", { name: "Sign in with TronLink" }).click();
  await expect(page.getByRole("region", { name: "With a wallet" }).getByRole("alert")).toContainText(
    "declined in the wallet",
  );

  await page.getByRole("button", { name: "Sign in with TronLink" }).click();
  await expect(page).toHaveURL(/\/dashboard\/links$/);
  await expect(page.getByTestId("signed-in-as")).toHaveText(wallet.address);
  expect(wallet.signed.at(-1)).toContain(`wants you to sign in with your Tron account:\n${wallet.address}`);
});
