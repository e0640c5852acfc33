// The payment page's branding in the dashboard: a platform picks a client ID, changes the
// button colour, the terms link and the service's credit, sees the live preview follow each
// change, saves, and finds it stored behind the API; a colour that is not hex is refused.
import { expect, test } from "@playwright/test";
import { createClientId, registerAndSignIn } from "./support/dashboard-account";

const SHOTS = "e2e/artifacts/secure-payment-page";

test("a client ID's payment page branding is edited with a live preview and saved", async ({ page, baseURL }) => {
  await registerAndSignIn(page);
  const client = await createClientId(page, baseURL!, "Brand shop");
  await page.goto("/dashboard/branding");
  await expect(page.getByRole("link", { name: "Payment page", exact: true })).toHaveAttribute("aria-current", "page");
  const row = page.getByTestId("branding-client-row").filter({ hasText: "Brand shop" });
  await expect(row).toContainText("Default");
  await row.getByRole("link", { name: "Brand shop" }).click();
  await expect(page.getByRole("heading", { name: "Payment page branding" })).toBeVisible();

  const preview = page.getByTestId("branding-preview");
  const action = preview.getByTestId("preview-action");
  await expect(action).toHaveCSS("background-color", "rgb(29, 78, 216)"); // the default button colour

  const form = page.getByRole("form", { name: "Payment page branding" });
  await form.getByRole("textbox", { name: "Buttons (optional)" }).fill("#fde047");
  // Live: the preview's button takes the colour, and its text turns dark to stay readable.
  await expect(action).toHaveCSS("background-color", "rgb(253, 224, 71)");
  await expect(action).toHaveCSS("color", "rgb(15, 23, 42)");
  await form.getByRole("textbox", { name: "Terms link (optional)" }).fill("https://shop.example.com/terms");
  await expect(preview.getByRole("link", { name: "Terms" })).toHaveAttribute("href", "https://shop.example.com/terms");
  await expect(preview).toContainText("Secure payment page by Stablelink");
  await form.getByRole("checkbox", { name: /Show “Secure payment page by Stablelink”/ }).uncheck();
  await expect(preview).not.toContainText("Secure payment page by Stablelink");

  await form.getByRole("button", { name: "Save branding" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  const stored = await (await page.request.get(`/v2/client-ids/${client.id}/branding`)).json();
  expect(stored).toMatchObject({
    primaryActionColor: "#fde047",
    termsPath: "https://shop.example.com/terms",
    displayRequestBranding: false,
  });
  expect(stored.pageBackgroundColor).toBeUndefined();

  await page.reload();
  await expect(form.getByRole("textbox", { name: "Buttons (optional)" })).toHaveValue("#fde047");
  await expect(action).toHaveCSS("background-color", "rgb(253, 224, 71)");
  for (const [label, size] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/branding-editor-${label}.png`, fullPage: true });
  }

  // Not a hex colour: said next to the field at once, and refused by the API on save.
  await form.getByRole("textbox", { name: "Text (optional)", exact: true }).fill("blue");
  await expect(form).toContainText("A hex colour: #RGB, #RRGGBB or #RRGGBBAA");
  await form.getByRole("button", { name: "Save branding" }).click();
  await expect(form.getByText("Validation failed")).toBeVisible();

  // Back to the default look.
  await form.getByRole("textbox", { name: "Text (optional)", exact: true }).fill("");
  await form.getByRole("button", { name: "Use the default look" }).click();
  await expect(page.getByRole("status").filter({ hasText: "default look" })).toBeVisible();
  expect(await (await page.request.get(`/v2/client-ids/${client.id}/branding`)).json()).toBeNull();
});
