// Client IDs in the dashboard: created, copied, used by a browser page, edited, revoked.
import { expect, test } from "@playwright/test";
import { registerAndSignIn } from "./support/dashboard-account";

test("creates a client ID, copies it, and revokes it after a confirmation", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await registerAndSignIn(page);
  await page.goto("/dashboard/client-ids");
  await expect(page.getByText("No client IDs yet")).toBeVisible();

  await page.getByRole("button", { name: "New client ID" }).click();
  await page.getByLabel("Label").fill("Web shop");
  await page.getByLabel("Allowed origins").fill(`${baseURL}\nshop.example.com`);
  await page.getByRole("button", { name: "Create client ID" }).click();

  const row = page.getByTestId("client-id-row").filter({ hasText: "Web shop" });
  await expect(row).toContainText("active");
  await row.getByRole("button", { name: "Copy client ID Web shop" }).click();
  await expect(row.getByRole("button", { name: "Copy client ID Web shop" })).toHaveText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^cid_/);
  await expect(row).toContainText(copied);

  // The copied value works from an allowed origin (this page's).
  const call = (id: string) =>
    page.evaluate(
      async (cid) => (await fetch("/v2/currencies?id=USDC-base", { headers: { "x-client-id": cid } })).status,
      id,
    );
  expect(await call(copied)).toBe(200);

  // From the keyboard: the dialog takes focus on its safe button, Escape cancels, focus returns.
  const revoke = row.getByRole("button", { name: "Revoke client ID Web shop" });
  await revoke.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Revoke this client ID?" });
  await expect(dialog).toContainText("cannot be reactivated");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(revoke).toBeFocused();
  await expect(row).toContainText("active");

  await row.getByRole("button", { name: "Revoke client ID Web shop" }).click();
  await dialog.getByRole("button", { name: "Revoke client ID" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("revoked");
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);
  expect(await call(copied)).toBe(401);
});

test("explains an invalid origin next to the field and creates nothing", async ({ page }) => {
  await registerAndSignIn(page);
  await page.goto("/dashboard/client-ids");
  await page.getByRole("button", { name: "New client ID" }).click();
  await page.getByLabel("Label").fill("Broken");
  await page.getByLabel("Allowed origins").fill("not a domain at all");
  await page.getByRole("button", { name: "Create client ID" }).click();
  await expect(page.getByLabel("Allowed origins")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/is not an origin/)).toBeVisible();
  await expect(page.getByTestId("client-id-row")).toHaveCount(0);
});

test("a client ID's page changes its settings, pauses and resumes it", async ({ page }) => {
  await registerAndSignIn(page);
  await page.goto("/dashboard/client-ids");
  await page.getByRole("button", { name: "New client ID" }).click();
  await page.getByLabel("Label").fill("Before");
  await page.getByLabel("Allowed origins").fill("https://shop.example.com");
  await page.getByRole("button", { name: "Create client ID" }).click();
  await page.getByRole("link", { name: "Before" }).click();
  await expect(page.getByRole("heading", { name: "Before" })).toBeVisible();

  await page.getByRole("button", { name: "Edit settings" }).click();
  await page.getByLabel("Label").fill("After");
  await page.getByLabel("Fee percentage").fill("2.5");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("is required when feePercentage is above 0")).toBeVisible();
  await page.getByLabel("Fee address").fill("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("heading", { name: "After" })).toBeVisible();
  await expect(page.getByText("2.5 % to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8")).toBeVisible();

  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByText("inactive")).toBeVisible();
  await expect(page.getByText("Only an active client ID can be linked")).toBeVisible();
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByLabel("Orchestrator id")).toBeVisible();
});
