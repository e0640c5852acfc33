// API keys in the dashboard: created and shown once, used by a server, revoked.
import { expect, test } from "@playwright/test";
import { registerAndSignIn } from "./support/dashboard-account";

test("an API key is shown once at creation, works for a server, and stops working when revoked", async ({
  page,
  baseURL,
}) => {
  await registerAndSignIn(page);
  await page.goto("/dashboard/api-keys");
  await expect(page.getByText("No API keys yet")).toBeVisible();

  await page.getByLabel("Name").fill("checkout server");
  await page.getByRole("button", { name: "Create API key" }).click();
  const shown = page.getByTestId("new-api-key");
  await expect(shown).toHaveText(/^slk_/);
  const key = (await shown.textContent())!.trim();

  // What a server does with it: a curl-equivalent call from outside the browser.
  const used = await fetch(`${baseURL}/v2/client-ids`, { headers: { "x-api-key": key } });
  expect(used.status).toBe(200);
  expect(await used.json()).toEqual([]);

  const row = page.getByTestId("api-key-row").filter({ hasText: "checkout server" });
  await expect(row).toContainText(key.slice(0, 8));
  await page.getByRole("button", { name: "I have stored it" }).click();
  await expect(shown).toHaveCount(0);
  await page.reload();
  expect(await page.content()).not.toContain(key);

  await row.getByRole("button", { name: "Revoke API key checkout server" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke this API key?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("revoked");
  expect((await fetch(`${baseURL}/v2/client-ids`, { headers: { "x-api-key": key } })).status).toBe(401);
});

test("an API key needs a name, and the form says so", async ({ page }) => {
  await registerAndSignIn(page);
  await page.goto("/dashboard/api-keys");
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByText("is required")).toBeVisible();
  await expect(page.getByTestId("api-key-row")).toHaveCount(0);
});
