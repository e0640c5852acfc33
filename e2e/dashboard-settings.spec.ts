// Settings: an email platform links a wallet (the sandbox's demo wallet signs on the server),
// then the wallet signs in to the same platform; the platform profile's business name and logo
// show in the dashboard header and, as the merchant, on the payment page. The demo wallet also
// signs a payee destination where a browser wallet would.
import { expect, type Page, test } from "@playwright/test";
import { registerAndSignIn } from "./support/dashboard-account";

// Demo wallets used only by this spec (the demo platform's payee is demo wallet 2).
const LINKED_DEMO_WALLET = 9; // "Demo wallet 9"
const PAYEE_DEMO_WALLET = 10;

// Signing on the server, linking and saving are round trips: on a busy CI machine they take more than expect's 5 s.
const SLOW = { timeout: 30_000 };

// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function demoWalletAddress(page: Page, n: number): Promise<string> {
  const res = await page.request.get("/v1/auth/demo-wallets");
  return ((await res.json()) as { wallets: { address: string }[] }).wallets[n - 1]!.address;
}

test("an email platform links a demo wallet, signs out, and the wallet signs in to the same platform", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const account = await registerAndSignIn(page);
  const key = await page.request.post("/v1/api-keys", {
    data: { name: "made before linking" },
    headers: { origin: baseURL! },
  });
  expect(key.status(), await key.text()).toBe(201);
  const address = await demoWalletAddress(page, LINKED_DEMO_WALLET);

  await page.goto("/dashboard/settings");
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(page.getByTestId("linked-email")).toHaveText(account.email);
  await expect(page.getByText("Your only sign-in method: link a wallet to remove it.")).toBeVisible();
  await page.getByLabel("Demo wallet").selectOption(address);
  await page.getByRole("button", { name: "Link with a demo wallet" }).click();
  await expect(page.getByTestId("linked-wallet")).toHaveText(address, SLOW);
  await expect(page.getByRole("button", { name: "Remove the email" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sign-in$/, SLOW);
  await page.getByLabel("Demo wallet").selectOption(address);
  await page.getByRole("button", { name: "Sign with a demo wallet" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, SLOW);
  await page.goto("/dashboard/api-keys");
  await expect(page.getByRole("cell", { name: "made before linking", exact: true })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toHaveText(account.email);

  // The same wallet cannot be linked to another platform.
  const other = await page.context().browser()!.newContext({ baseURL });
  const otherPage = await other.newPage();
  await registerAndSignIn(otherPage);
  await otherPage.goto("/dashboard/settings");
  await otherPage.getByLabel("Demo wallet").selectOption(address);
  await otherPage.getByRole("button", { name: "Link with a demo wallet" }).click();
  await expect(otherPage.getByText(/^This wallet already signs in to another platform/)).toBeVisible(SLOW);
  await other.close();
});

test("the platform profile names the merchant in the header and on the payment page", async ({ page, baseURL }) => {
  test.slow();
  const payee = await demoWalletAddress(page, PAYEE_DEMO_WALLET);
  // A wallet platform (the demo wallet signs in), with a payee destination the demo wallet signs.
  await page.goto("/dashboard/sign-in");
  await page.getByLabel("Demo wallet").selectOption(payee);
  await page.getByRole("button", { name: "Sign with a demo wallet" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, SLOW);
  // CI's retry signs in the same wallet's platform again: clear a profile a first attempt saved.
  const cleared = await page.request.patch("/v1/platform/profile", {
    data: { businessName: null, logo: null },
    headers: { origin: baseURL! },
  });
  expect(cleared.ok(), await cleared.text()).toBe(true);
  await page.reload();
  await expect(page.getByTestId("platform-name")).toHaveText(payee);

  // The payee destination, signed by the demo wallet on the payee-destinations page (no browser wallet).
  await page.goto("/dashboard/payee-destinations");
  await page.getByLabel("Network").selectOption({ label: "Base" });
  await page.getByRole("radio", { name: /USDC/ }).check();
  await page.getByLabel("Sandbox: demo wallet").selectOption(payee);
  await page.getByRole("button", { name: "Sign with a demo wallet" }).click();
  await expect(page.getByLabel("Payee wallet", { exact: true })).toHaveValue(payee, SLOW);
  await page.getByRole("button", { name: "Sign and add USDC on Base" }).click();
  await expect(page.getByText("Destination added: USDC on Base")).toBeVisible(SLOW);
  const listed = (await (
    await page.request.get("/v2/payee-destinations", { headers: { origin: baseURL! } })
  ).json()) as { destinationId: string; walletAddress: string }[];
  const destination = listed.find((d) => d.walletAddress === payee)!;
  const link = await page.request.post("/v2/secure-payments", {
    data: { requests: [{ destinationId: destination.destinationId, amount: "12.34" }], reference: "PROFILE-1" },
    headers: { origin: baseURL! },
  });
  expect(link.status(), await link.text()).toBe(201);
  const payUrl = (await link.json()).securePaymentUrl as string;

  await page.goto(payUrl);
  await expect(page.locator("header").getByText(payee)).toBeVisible();

  await page.goto("/dashboard/settings");
  await page.getByLabel("Business name").fill("Acme Coffee Roasters");
  await page
    .getByLabel("Logo", { exact: true })
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Logo preview" })).toBeVisible();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible(SLOW);
  await expect(page.getByTestId("platform-name")).toHaveText("Acme Coffee Roasters", SLOW);

  await page.goto(payUrl);
  await expect(page.getByText("Acme Coffee Roasters", { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: "Acme Coffee Roasters logo" })).toHaveAttribute(
    "src",
    /^data:image\/png;base64,/,
  );
  await expect(page.locator("header").getByText(payee)).toHaveCount(0);

  // A file that is not an image is refused before upload.
  await page.goto("/dashboard/settings");
  // The file input is plain HTML: a file chosen before React owns the page has no handler yet.
  // The form's fields stay disabled until then (components/ui/form-fields.tsx).
  await expect(page.getByLabel("Business name")).toBeEnabled();
  await page
    .getByLabel("Logo", { exact: true })
    .setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg/>") });
  await expect(page.getByText("Choose a PNG, JPEG, WebP or GIF image.")).toBeVisible();
});
