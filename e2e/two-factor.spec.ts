// Two-factor email sign-in, at desktop (1366 px) and phone (390 px) widths: sign up with email,
// set up TOTP in Settings (the test computes the codes from the key the page shows), see the
// recovery codes once, end another browser's session, sign out, and sign in again with a code.
// axe checks the new Settings parts and the code step.

import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { totpCode } from "../lib/auth/totp";

const SLOW = { timeout: 30_000 };
const WIDTHS = [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function noSeriousAxeViolations(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
    what,
  ).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what}: wider than the window`).toBeLessThanOrEqual(0);
}

for (const size of WIDTHS) {
  test(`email sign-up, TOTP set-up, revoke another session, sign in with a code (${size.name})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize(size);
    const email = `e2e-2fa-${randomBytes(6).toString("hex")}@example.com`;
    const password = `pw-${randomBytes(9).toString("base64url")}`;

    await page.goto("/dashboard/sign-in?mode=register");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, SLOW);

    // Another browser signed in to the same account (before TOTP is on: the password suffices).
    const other = await browser.newContext({ baseURL, userAgent: "OtherBrowser/1.0" });
    const otherLogin = await other.request.post("/v1/auth/login", { data: { email, password } });
    expect(otherLogin.status(), await otherLogin.text()).toBe(200);

    await page.goto("/dashboard/settings");
    await expect(page.getByTestId("two-factor-state")).toHaveText("Off.");
    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    const secretEl = page.getByTestId("totp-secret");
    await expect(secretEl).toBeVisible(SLOW);
    await expect(page.getByRole("img", { name: "QR code of the authenticator key" })).toBeVisible();
    const secret = (await secretEl.getAttribute("data-secret"))!;
    await page.getByLabel("Code from the app").fill(totpCode(secret, new Date()));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10, SLOW);
    await noSeriousAxeViolations(page, `recovery codes at ${size.name}`);
    await page.getByRole("button", { name: "I have saved them" }).click();
    await expect(page.getByTestId("two-factor-state")).toHaveText("On. 10 unused recovery codes.", SLOW);

    // Two sessions: this one and the other browser's, which is revoked here.
    await expect(page.getByTestId("session-row")).toHaveCount(2);
    await expect(page.getByText("OtherBrowser/1.0")).toBeVisible();
    await noSeriousAxeViolations(page, `settings at ${size.name}`);
    await page.getByRole("button", { name: /^Revoke the session signed in/ }).click();
    await page.getByRole("button", { name: "Revoke the session", exact: true }).click();
    await expect(page.getByTestId("session-row")).toHaveCount(1, SLOW);
    await expect(page.getByTestId("session-row")).toHaveAttribute("data-current", "true");
    expect((await other.request.get("/v1/auth/session")).status()).toBe(401);
    await other.close();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/dashboard\/sign-in$/, SLOW);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const code = page.getByLabel("Code", { exact: true });
    await expect(code).toBeVisible(SLOW);
    await noSeriousAxeViolations(page, `code step at ${size.name}`);
    // The set-up's code was accepted: a code of the next step, which the ±1 step window takes.
    await code.fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, SLOW);
    await expect(page.getByTestId("signed-in-as")).toHaveText(email);
  });
}
