// Orchestrator links in the dashboard, and the layout on a phone.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { registerAndSignIn } from "./support/dashboard-account";

test("the links page starts empty, and an onboarding link that is not there reads as not found", async ({
  page,
  baseURL,
}) => {
  await registerAndSignIn(page);
  await page.goto("/dashboard/links");
  await expect(page.getByText("No orchestrator links")).toBeVisible();

  await page.getByLabel("Onboarding link").fill("hello");
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page.getByText("Paste the onboarding URL")).toBeVisible();

  const intentId = randomUUID();
  await page.getByLabel("Onboarding link").fill(`${baseURL}/dashboard/links/${intentId}`);
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/links/${intentId}$`));
  await expect(page.getByText("Nothing here belongs to your platform")).toBeVisible();
});

test("a signed-out visitor following an onboarding link signs in and returns to it", async ({ page }) => {
  const intentId = randomUUID();
  await page.goto(`/dashboard/links/${intentId}`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/sign-in\\?next=%2Fdashboard%2Flinks%2F${intentId}$`));
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("every dashboard page fits the screen width and keeps its menu", async ({ page }) => {
    await registerAndSignIn(page);
    for (const path of [
      "/dashboard",
      "/dashboard/client-ids",
      "/dashboard/api-keys",
      "/dashboard/links",
      "/dashboard/payee-destinations",
      "/dashboard/payment-links",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test("the menu button opens every section, and picking one goes there and closes it", async ({ page }) => {
    await registerAndSignIn(page);
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    await expect(nav.getByRole("link", { name: "Webhooks" })).toBeHidden();
    await nav.getByRole("button", { name: /Menu/ }).click();
    await expect(nav.getByRole("button", { name: /Menu/ })).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Overview", "Payments", "Payment links", "Client IDs", "API keys", "Webhooks"])
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await nav.getByRole("link", { name: "Webhooks" }).click();
    await expect(page).toHaveURL(/\/dashboard\/webhooks$/);
    await expect(nav.getByRole("button", { name: "Menu · Webhooks" })).toHaveAttribute("aria-expanded", "false");
  });
});
