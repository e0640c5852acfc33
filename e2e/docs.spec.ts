import { expect, test } from "@playwright/test";

test("the API reference lists the currency endpoints with their parameters", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "API reference" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Endpoints" });
  await expect(nav.getByRole("link", { name: /GET \/v2\/currencies$/ })).toBeVisible();
  await expect(nav.getByRole("link", { name: /\/v2\/currencies\/\{currencyId\}\/conversion-routes/ })).toBeVisible();
  await nav.getByRole("link", { name: /GET \/v2\/currencies$/ }).click();
  const op = page.locator("article#getV2Currencies");
  await expect(op).toContainText("firstOnly");
  await expect(op).toContainText("network");
  await expect(op.getByText("Response 200")).toBeVisible();
});

test("the OpenAPI document is served as JSON", async ({ request }) => {
  const res = await request.get("/openapi.json");
  expect(res.ok()).toBe(true);
  const doc = await res.json();
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v2/currencies", "/v2/currencies/{currencyId}/conversion-routes"]));
});
