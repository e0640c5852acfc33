// The audit log in the dashboard, at a laptop's and a phone's width: an API key created and
// revoked on the API keys page appears as two entries (who, what), the filter narrows the list
// to one, and the CSV export holds the entries the filters match, never the key.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { registerAndSignIn } from "./support/dashboard-account";

const WIDTHS = [
  ["laptop", { width: 1366, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

for (const [name, size] of WIDTHS) {
  test(`an API key created and revoked is in the audit log, filtered and exported (${name})`, async ({ page }) => {
    await page.setViewportSize(size);
    await registerAndSignIn(page);
    await page.goto("/dashboard/api-keys");
    await page.getByLabel("Name").fill("audited key");
    await page.getByRole("button", { name: "Create API key" }).click();
    const shown = page.getByTestId("new-api-key");
    await expect(shown).toHaveText(/^slk_/);
    const key = (await shown.textContent())!.trim();
    await page.getByRole("button", { name: "I have stored it" }).click();
    const row = page.getByTestId("api-key-row").filter({ hasText: "audited key" });
    await row.getByRole("button", { name: "Revoke API key audited key" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this API key?" });
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect(row).toContainText("revoked");

    await page.goto("/dashboard/audit-log");
    const entries = page.locator("tr[data-action]");
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toHaveAttribute("data-action", "api_key.revoked");
    await expect(entries.nth(1)).toHaveAttribute("data-action", "api_key.created");
    await expect(entries.nth(1)).toContainText("name: (none) → audited key");
    await expect(entries.nth(1)).toContainText("(email)");
    expect(await page.content()).not.toContain(key);

    // The filter narrows to the creation; the form is open with it on a phone too.
    await page.goto("/dashboard/audit-log?action=api_key.created");
    await expect(page.getByLabel("Action")).toHaveValue("api_key.created");
    await expect(entries).toHaveCount(1);
    await page.getByLabel("Action").selectOption("api_key.revoked");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/action=api_key.revoked/);
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toHaveAttribute("data-action", "api_key.revoked");

    await page.goto("/dashboard/audit-log");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: /Export CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await file.path())).toString("utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("time,action,actor,actor_id,target,changes,source");
    expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual(["api_key.revoked", "api_key.created"]);
    expect(csv).not.toContain(key);
  });
}
