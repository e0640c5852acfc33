// Webhooks in the dashboard, against real HTTP receivers on 127.0.0.1 (the e2e server is a
// sandbox, where localhost URLs are accepted): an endpoint added with its secret shown once,
// a test event verified with the copied secret, the delivery log with every attempt, retries
// against a failing receiver, resend, deactivate and delete.
import { createHmac } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { type Answer, startReceiver } from "../lib/webhooks/receiver-fixtures";
import { createClientId, registerAndSignIn } from "./support/dashboard-account";

/** Adds an endpoint on the client ID's webhooks page; answers the secret the page showed. */
async function addEndpoint(page: Page, url: string): Promise<string> {
  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const secret = page.getByTestId("new-webhook-secret");
  await expect(secret).toHaveText(/^whsec_/);
  return (await secret.textContent())!.trim();
}

const signature = (secret: string, raw: Buffer) => createHmac("sha256", secret).update(raw).digest("hex");

test("an endpoint's secret is shown once and copied, verifies a test event, and the log shows the delivered attempt; then deactivated and deleted", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const receiver = await startReceiver(() => ({ status: 200, body: "thanks, recorded" }));
  try {
    await registerAndSignIn(page);
    const client = await createClientId(page, baseURL!, "Web shop");

    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByTestId("webhook-client-row")).toContainText("none");
    await page.getByRole("link", { name: "Web shop" }).click();
    await expect(page.getByText("No webhook endpoints yet")).toBeVisible();
    await expect(page.getByText(/This is a sandbox, so http:\/\/ and localhost URLs are accepted/)).toBeVisible();

    const url = `${receiver.url}/hooks/shop`;
    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const notice = page.getByRole("region", { name: "Endpoint added: copy its signing secret now" });
    await expect(notice).toContainText("You will not see this secret again");
    await expect(notice.getByRole("heading")).toBeFocused();
    await expect(notice.getByRole("link", { name: "How to verify signatures" })).toHaveAttribute(
      "href",
      "/docs#tag/webhooks/postV1Webhook",
    );
    await notice.getByRole("button", { name: "Copy the signing secret" }).click();
    await expect(notice.getByRole("button", { name: "Copy the signing secret" })).toHaveText("Copied");
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await expect(page.getByTestId("new-webhook-secret")).toHaveText(secret);
    const row = page.getByTestId("webhook-endpoint-row").filter({ hasText: url });
    await expect(row).toContainText("active");

    // A test event to every active endpoint; the receiver checks it with the copied secret.
    const testEvent = page.getByRole("region", { name: "Send a test event" });
    await testEvent.getByLabel("Event", { exact: true }).selectOption("payment.confirmed");
    await testEvent.getByRole("button", { name: "Send test event" }).click();
    const result = page.getByTestId("test-event-result");
    await expect(result).toContainText("1 delivery");
    const [got] = await receiver.waitFor(1, 30_000);
    expect(got.headers["x-service-signature"]).toBe(signature(secret, got.raw));
    expect(got.headers["x-service-test"]).toBe("true");
    const body = JSON.parse(got.raw.toString());
    expect(body).toMatchObject({ event: "payment.confirmed", clientId: client.clientId });

    await page.getByRole("button", { name: "I have stored it" }).click();
    await expect(page.getByTestId("new-webhook-secret")).toHaveCount(0);

    await result.getByRole("link", { name: "follow it in the delivery log" }).click();
    await expect(page.getByRole("heading", { name: url })).toBeVisible();
    expect(await page.content()).not.toContain(secret);
    const delivery = page.locator(`[data-delivery-id="${got.headers["x-service-delivery"]}"]`);
    await expect(delivery).toHaveAttribute("data-status", "delivered");
    await expect(delivery).toContainText("test");
    await delivery.getByRole("button", { name: /^payment\.confirmed of/ }).click();
    const attempt = delivery.getByTestId("delivery-attempt");
    await expect(attempt).toHaveCount(1);
    await expect(attempt).toContainText("HTTP 200");
    await expect(attempt).toContainText("thanks, recorded");
    await expect(attempt).toContainText(/\d+ ms/);
    await expect(delivery.getByTestId("delivery-payload")).toContainText('"requestId"');
    expect(JSON.parse((await delivery.getByTestId("delivery-payload").textContent())!)).toEqual(body);

    // Filters live in the address.
    const filters = page.getByRole("form", { name: "Filter deliveries" });
    await filters.getByLabel("Status").selectOption("failed");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/status=failed/);
    await expect(page.getByText("No deliveries match")).toBeVisible();
    await filters.getByLabel("Status").selectOption("delivered");
    await filters.getByLabel("Event", { exact: true }).selectOption("payment.confirmed");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/event=payment.confirmed&status=delivered/);
    await expect(delivery).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(filters.getByLabel("Status")).toHaveValue("");

    // Deactivated: no test events, no resend, and the API agrees.
    await page.getByRole("button", { name: `Deactivate endpoint ${url}` }).click();
    await expect(page.getByText("This endpoint is inactive")).toBeVisible();
    await expect(delivery.getByRole("button", { name: /^Resend/ })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Send test event" })).toHaveCount(0);
    const listed = await (await page.request.get(`/v1/webhook?clientId=${client.clientId}`)).json();
    expect(listed).toEqual([expect.objectContaining({ url, isActive: false })]);
    await page.getByRole("button", { name: `Activate endpoint ${url}` }).click();
    await expect(page.getByText("This endpoint is inactive")).toBeHidden();

    // Delete asks first, from the keyboard too: the safe button has the focus, Escape cancels.
    const remove = page.getByRole("button", { name: `Delete endpoint ${url}` });
    await remove.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Delete this webhook endpoint?" });
    await expect(dialog).toContainText("This cannot be undone");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await remove.click();
    await dialog.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/webhooks/${client.id}$`));
    await expect(page.getByText("No webhook endpoints yet")).toBeVisible();
    expect(await (await page.request.get(`/v1/webhook?clientId=${client.clientId}`)).json()).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test("webhooks from the client ID alone: off by default, turned on in the dashboard, and what a script did with it is marked with when and from where", async ({
  page,
  baseURL,
  playwright,
}) => {
  const receiver = await startReceiver(() => 200);
  // A script outside any browser: it sends the allowed Origin itself and no cookie.
  const script = await playwright.request.newContext({ baseURL });
  try {
    await registerAndSignIn(page);
    const client = await createClientId(page, baseURL!, "Public page");
    const asScript = { "x-client-id": client.clientId, origin: "https://shop.example.com" };
    const register = () =>
      script.post("/v1/webhook", { headers: asScript, data: { url: `${receiver.url}/from-script` } });
    expect((await register()).status()).toBe(403);

    await page.goto(`/dashboard/webhooks/${client.id}`);
    const setting = page.getByRole("region", { name: "Webhooks from the client ID alone" });
    await expect(setting).toContainText("Your client ID is public");
    const toggle = setting.getByRole("checkbox", { name: /Let the client ID alone register and manage endpoints/ });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeEnabled(); // shown checked at once; enabled again once the change is saved

    const created = await register();
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    // The script can neither read the log nor delete.
    expect((await script.get(`/v1/webhook/${id}/deliveries`, { headers: asScript })).status()).toBe(401);
    expect((await script.delete(`/v1/webhook/${id}`, { headers: asScript })).status()).toBe(401);

    await page.reload();
    const row = page.getByTestId("webhook-endpoint-row").filter({ hasText: "/from-script" });
    await expect(row.getByTestId("client-id-alone-badge")).toHaveText("Registered by client ID alone");
    await row.getByRole("link", { name: /Delivery log of/ }).click();
    const actions = page.getByTestId("client-id-actions");
    await expect(actions).toContainText("Registered");
    await expect(actions).toContainText(/127\.0\.0\.1|::1/); // the address that connected
    await expect(actions).toContainText("https://shop.example.com");

    await page.goto(`/dashboard/webhooks/${client.id}`);
    await page.getByRole("checkbox", { name: /Let the client ID alone register and manage endpoints/ }).uncheck();
    await expect(
      page.getByRole("checkbox", { name: /Let the client ID alone register and manage endpoints/ }),
    ).not.toBeChecked();
    await expect(
      page.getByRole("checkbox", { name: /Let the client ID alone register and manage endpoints/ }),
    ).toBeEnabled();
    expect((await register()).status()).toBe(403);
  } finally {
    await script.dispose();
    await receiver.close();
  }
});

test("a receiver answering 500 shows every failed attempt and retry in the log, and resend delivers once it recovers", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000); // the real retry schedule: 1, 5 and 15 s
  let answer: Answer = { status: 500, body: "database down" };
  const receiver = await startReceiver(() => answer);
  try {
    await registerAndSignIn(page);
    const client = await createClientId(page, baseURL!, "Flaky shop");
    await page.goto(`/dashboard/webhooks/${client.id}`);
    const url = `${receiver.url}/flaky`;
    const secret = await addEndpoint(page, url);
    await page.getByRole("link", { name: `Delivery log of ${url}` }).click();
    await expect(page.getByText("No deliveries yet")).toBeVisible();
    const webhookId = new URL(page.url()).pathname.split("/").pop()!;

    const testEvent = page.getByRole("region", { name: "Send a test event" });
    await testEvent.getByLabel("Event", { exact: true }).selectOption("secure_payment.user_event");
    await testEvent.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByTestId("test-event-result")).toContainText("shown at the top of the delivery log below");
    const delivery = page.getByTestId("delivery").first();
    await expect(delivery).toHaveAttribute("data-status", "pending");
    await expect(page.getByText("Deliveries pending: this log updates by itself.")).toBeVisible();
    await delivery.getByRole("button", { name: /^secure_payment\.user_event of/ }).click();

    // The log follows the retries by itself while the delivery is pending.
    const attempts = delivery.getByTestId("delivery-attempt");
    await expect(attempts).toHaveCount(2, { timeout: 15_000 });
    await expect(delivery).toHaveAttribute("data-status", "pending");
    await expect(delivery).toContainText("last error: receiver answered 500");
    await expect(delivery).toHaveAttribute("data-status", "failed", { timeout: 45_000 });
    await expect(attempts).toHaveCount(4);
    for (let i = 0; i < 4; i++) {
      await expect(attempts.nth(i).locator("td").first()).toHaveText(String(i));
      await expect(attempts.nth(i)).toContainText("HTTP 500");
      await expect(attempts.nth(i)).toContainText("database down");
    }
    await expect(delivery).toContainText("Gave up after 4 attempts");
    const first = receiver.received.slice(0, 4);
    expect(first.map((r) => r.headers["x-service-retry-count"])).toEqual(["0", "1", "2", "3"]);
    expect(new Set(first.map((r) => r.headers["x-service-delivery"])).size).toBe(1);
    for (const r of first) expect(r.headers["x-service-signature"]).toBe(signature(secret, r.raw));
    const gaps = [1, 2, 3].map((i) => first[i].at - first[i - 1].at);
    [1_000, 5_000, 15_000].forEach((delay, i) => expect(gaps[i]).toBeGreaterThanOrEqual(delay - 50));

    // The receiver recovers; resend sends the same delivery again, and it is delivered.
    answer = { status: 204 };
    await delivery.getByRole("button", { name: /^Resend/ }).click();
    await expect(delivery.getByText("Resent with the same delivery id")).toBeVisible();
    await expect(delivery).toHaveAttribute("data-status", "delivered", { timeout: 15_000 });
    await expect(attempts).toHaveCount(5);
    await expect(attempts.nth(4)).toContainText("resend 1");
    await expect(attempts.nth(4)).toContainText("HTTP 204");
    expect(receiver.received).toHaveLength(5);
    expect(receiver.received[4].headers["x-service-delivery"]).toBe(first[0].headers["x-service-delivery"]);
    expect(receiver.received[4].headers["x-service-retry-count"]).toBe("0");
    expect(receiver.received[4].raw.equals(first[0].raw)).toBe(true);

    // The same log over the API.
    const log = await (await page.request.get(`/v1/webhook/${webhookId}/deliveries?status=delivered`)).json();
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({ status: "delivered", round: 1, event: "secure_payment.user_event" });
    expect(log.deliveries[0].attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([
      500, 500, 500, 500, 204,
    ]);
  } finally {
    await receiver.close();
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the webhook pages fit the screen, a delivery opens from the keyboard, and another platform's endpoint is not found", async ({
    page,
    baseURL,
  }) => {
    const receiver = await startReceiver(() => 200);
    try {
      await registerAndSignIn(page);
      const client = await createClientId(page, baseURL!, "Phone shop");
      const origin = { origin: baseURL! };
      const created = await page.request.post("/v1/webhook", {
        headers: origin,
        data: { url: `${receiver.url}/a-rather-long-path/that/keeps/going/for/phones`, clientId: client.id },
      });
      expect(created.status()).toBe(201);
      const { id } = await created.json();
      const sent = await page.request.post("/v1/webhook/test", {
        headers: origin,
        data: { eventType: "payment.failed", clientId: client.id, webhookId: id },
      });
      expect(sent.status()).toBe(202);
      await receiver.waitFor(1);

      // Each value of the client IDs' cards says what it is ("Endpoints: 1 active of 1", not a bare "none").
      await page.goto("/dashboard/webhooks");
      const row = page.getByTestId("webhook-client-row").filter({ hasText: "Phone shop" });
      expect(await row.locator("td").evaluateAll((tds) => tds.map((td) => td.getAttribute("data-label")))).toEqual([
        "Client ID",
        "Status",
        "Endpoints",
      ]);
      for (const path of [
        "/dashboard/webhooks",
        `/dashboard/webhooks/${client.id}`,
        `/dashboard/webhooks/${client.id}/${id}`,
      ]) {
        await page.goto(path);
        await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
      const toggle = page.getByRole("button", { name: /^payment\.failed of/ });
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByTestId("delivery-payload")).toContainText('"event": "payment.failed"');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.keyboard.press("Enter");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");

      // Another platform signs in: the same address is not found, and so is its client ID's page.
      await page.context().clearCookies();
      await registerAndSignIn(page);
      for (const path of [`/dashboard/webhooks/${client.id}/${id}`, `/dashboard/webhooks/${client.id}`]) {
        await page.goto(path);
        await expect(page.getByText("Nothing here belongs to your platform")).toBeVisible();
      }
    } finally {
      await receiver.close();
    }
  });
});
