// A forgotten password, at 1366 px and at 390 px: ask for a reset on the sign-in page, read the
// mail in the sandbox's mail catcher (sent over SMTP by the outbox), follow its link, choose a
// new password, sign in with it; the link then no longer works and the old password is refused.
import { expect, type Page, test } from "@playwright/test";

async function noSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

for (const viewport of [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`${viewport.name} (${viewport.width} px): a reset link from the sandbox mail sets a new password once`, async ({
    page,
  }) => {
    test.setTimeout(180_000); // the outbox sends on its own schedule; a loaded machine is slower
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const email = `reset-${viewport.name}-${Date.now()}@example.com`;
    const created = await page.request.post("/v1/auth/register", { data: { email, password: "the-old-password" } });
    expect(created.status()).toBe(201);
    await page.context().clearCookies(); // the account was made signed in; the visitor comes signed out

    await page.goto("/dashboard/sign-in");
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    const ask = page.getByRole("form", { name: "Reset your password" });
    await ask.getByLabel("Email").fill(email);
    await ask.getByRole("button", { name: "Send reset link" }).click();
    await expect(ask.getByRole("status")).toContainText("If an account has this email");
    await noSidewaysScroll(page, viewport.width);

    // The worker sends within a second or two; the catcher's page lists what arrived.
    await page.goto("/sandbox/mail");
    await expect(page.getByText("Sandbox only")).toBeVisible();
    const item = page
      .getByRole("listitem")
      .filter({ hasText: email })
      .filter({ hasText: "Reset your Stablelink password" });
    await expect(async () => {
      await page.reload();
      await expect(item).toHaveCount(1, { timeout: 2000 });
    }).toPass({ timeout: 90_000, intervals: [1000, 2000] });
    await item.getByRole("link").click();
    await expect(page.getByRole("heading", { name: "Reset your Stablelink password" })).toBeVisible();
    await noSidewaysScroll(page, viewport.width);
    const link = page.getByTestId("mail-body").getByRole("link");
    const href = await link.getAttribute("href");
    expect(href).toMatch(/\/dashboard\/reset-password#token=slr_/);
    await link.click();

    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    // The token left the address bar once read.
    await expect(page).toHaveURL(/\/dashboard\/reset-password$/);
    await page.getByLabel("New password", { exact: true }).fill("the-new-password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Your password was changed");
    await noSidewaysScroll(page, viewport.width);
    await page.getByRole("link", { name: "Sign in with your new password" }).click();

    const form = page.getByRole("form", { name: "Sign in with email" });
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill("the-old-password");
    await form.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(form.getByRole("alert")).toHaveText("Invalid email or password");
    await form.getByLabel("Password").fill("the-new-password");
    await form.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();

    // Used once: the same link is refused now.
    await page.goto(href!);
    await page.getByLabel("New password", { exact: true }).fill("a-third-password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("invalid, expired or already used");
  });
}
