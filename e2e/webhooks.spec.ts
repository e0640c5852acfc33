// Webhooks end to end against the server as `npm start` runs it (delivery workers inside the
// web process): register an endpoint, send a test event, receive it signed, read the log.
// The server's API key manages endpoints; the public client ID alone is refused.
import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startReceiver } from "../lib/webhooks/receiver-fixtures";
import { demo } from "./demo";

test("a registered endpoint receives a signed test event and the delivery log shows it", async ({
  request,
  baseURL,
}) => {
  const receiver = await startReceiver(() => 200);
  try {
    // A client ID is public: alone (a script sending the allowed Origin) it may not register by
    // default, nor ever read a delivery log. A server uses its API key and names the client ID.
    const browser = { "x-client-id": demo().clientId, origin: new URL(baseURL!).origin };
    const refused = await request.post("/v1/webhook", { headers: browser, data: { url: `${receiver.url}/e2e` } });
    expect(refused.status()).toBe(403);
    const headers = { "x-api-key": demo().apiKey };
    const created = await request.post("/v1/webhook", {
      headers,
      data: { url: `${receiver.url}/e2e`, clientId: demo().clientId },
    });
    expect(created.status()).toBe(201);
    const { id, secret } = await created.json();
    expect((await request.get(`/v1/webhook/${id}/deliveries`, { headers: browser })).status()).toBe(401);

    const sent = await request.post("/v1/webhook/test", {
      headers,
      data: { eventType: "secure_payment.user_event", webhookId: id, clientId: demo().clientId },
    });
    expect(sent.status()).toBe(202);
    const deliveryId = (await sent.json()).deliveries[0].id;

    const [got] = await receiver.waitFor(1, 30_000);
    expect(got.headers["x-service-delivery"]).toBe(deliveryId);
    expect(got.headers["x-service-test"]).toBe("true");
    expect(got.headers["x-service-signature"]).toBe(createHmac("sha256", secret).update(got.raw).digest("hex"));
    expect(JSON.parse(got.raw.toString())).toMatchObject({
      event: "secure_payment.user_event",
      userEvent: "wallet_connected",
      clientId: demo().clientId,
    });

    await expect
      .poll(
        async () =>
          (await (await request.get(`/v1/webhook/${id}/deliveries`, { headers })).json()).deliveries[0]?.status,
        { timeout: 10_000 },
      )
      .toBe("delivered");
    const log = await (
      await request.get(`/v1/webhook/${id}/deliveries?event=secure_payment.user_event`, { headers })
    ).json();
    expect(log.deliveries[0]).toMatchObject({
      id: deliveryId,
      isTest: true,
      attempts: [{ retryCount: 0, statusCode: 200, ok: true }],
    });
  } finally {
    await receiver.close();
  }
});

test("the API reference documents the webhook endpoints and every event", async ({ page }) => {
  await page.goto("/docs#tag/webhook-events/webhook/POST/payment.confirmed");
  await expect(page.getByRole("heading", { name: "Webhook events" })).toBeVisible();
  const event = page.locator('[id$="/tag/webhook-events/webhook/POST/payment.confirmed"]');
  await expect(event).toContainText("totalAmountPaid");
  await expect(event).toContainText("x-service-signature");
  await page.goto("/docs#tag/webhooks/postV1Webhook");
  await expect(page.locator('[id$="/tag/webhooks/postV1Webhook"]')).toContainText("shown only here");
});
