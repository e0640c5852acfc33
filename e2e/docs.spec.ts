// The API reference (/docs): Scalar's renderer over /openapi.json's document, served by us.
import { expect, test } from "@playwright/test";
import { demo } from "./demo";

test("the API reference finds an endpoint by search and shows its parameters, a request example with the demo key and an example response", async ({
  page,
}) => {
  await page.goto("/docs");
  await page
    .getByRole("button", { name: /Search/ })
    .first()
    .click();
  await page.keyboard.type("conversion routes");
  await page.getByRole("option", { name: /Conversion routes of a currency/ }).click();
  await expect(page).toHaveURL(/#tag\/currencies\/getV2CurrenciesCurrencyIdConversionRoutes$/);
  const op = page.locator('[id$="/tag/currencies/getV2CurrenciesCurrencyIdConversionRoutes"]');
  await expect(op.getByText("Path Parameters")).toBeVisible();
  await expect(op).toContainText("networks");
  // The request example carries the sandbox demo platform's key, ready to paste.
  await expect(op).toContainText(`x-api-key: ${demo().apiKey}`);
  // An example response built from the response schema, with a tab per documented status.
  await expect(op.getByRole("tab", { name: "404" })).toBeVisible();
  await expect(op).toContainText('"conversionRoutes"');
});

test("the try-it console sends a request to this service with the demo key and shows the answer", async ({ page }) => {
  await page.goto("/docs#tag/client-ids/getV2ClientIds");
  const op = page.locator('[id$="/tag/client-ids/getV2ClientIds"]');
  await op.getByRole("button", { name: /Test Request/ }).click();
  const client = page.getByRole("dialog");
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/v2/client-ids" && r.request().headers()["x-api-key"] === demo().apiKey,
  );
  await client.getByRole("button", { name: /^Send/ }).first().click();
  expect((await answer).status()).toBe(200);
  const response = client.getByRole("region", { name: "Response", exact: true });
  await expect(response).toContainText("200 OK", { timeout: 15_000 });
  await expect(response).toContainText("Demo client");
});

test("the API reference loads nothing from outside this service", async ({ page, baseURL }) => {
  const outside: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith("data:") && !r.url().startsWith("blob:"))
      outside.push(r.url());
  });
  await page.goto("/docs#tag/webhooks/postV1Webhook");
  await expect(page.locator('[id$="/tag/webhooks/postV1Webhook"]')).toContainText("shown only here");
  await page
    .getByRole("button", { name: /Search/ })
    .first()
    .click();
  await page.keyboard.type("payment.confirmed");
  await expect(page.getByRole("option").first()).toBeVisible();
  expect(outside).toEqual([]);
});

test("the OpenAPI document is served as JSON", async ({ request }) => {
  const res = await request.get("/openapi.json");
  expect(res.ok()).toBe(true);
  const doc = await res.json();
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(["/v2/currencies", "/v2/currencies/{currencyId}/conversion-routes"]),
  );
});
