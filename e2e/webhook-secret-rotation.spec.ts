// Rotating a webhook endpoint's secret from the dashboard, against a real receiver verifying
// with the standardwebhooks package: during the overlap the old and the new secret both verify
// a delivery; x-service-signature is the new secret's. And a 2,048-character URL (the most the
// API accepts) does not widen the endpoint's page.
import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { startReceiver } from "../lib/webhooks/receiver-fixtures";
import { createClientId, registerAndSignIn } from "./support/dashboard-account";

test("rotate secret: the new one is shown once, and both secrets verify test events during the overlap", async ({
  page,
  baseURL,
}) => {
  const receiver = await startReceiver(() => 200);
  try {
    await registerAndSignIn(page);
    const client = await createClientId(page, baseURL!, "Rotating shop");
    // The longest URL accepted: the page must wrap or clamp it, not scroll sideways.
    const url = `${receiver.url}/hooks/${"x".repeat(2048 - receiver.url.length - 7)}`;
    expect(url).toHaveLength(2048);
    const created = await (
      await page.request.post("/v1/webhook", {
        data: { url, clientId: client.clientId },
        headers: { origin: baseURL! },
      })
    ).json();
    const oldSecret = created.secret as string;
    const tooLong = await page.request.post("/v1/webhook", {
      data: { url: `${url}y`, clientId: client.clientId },
      headers: { origin: baseURL! },
    });
    expect(tooLong.status()).toBe(400);
    expect((await tooLong.json()).errors[0].field).toBe("url");

    await page.goto("/dashboard/webhooks");
    await page.getByRole("link", { name: "Rotating shop" }).click();
    await page.getByRole("link", { name: `Delivery log of ${url}` }).click();
    await expect(page.getByRole("heading", { name: url })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole("button", { name: `Rotate secret of ${url}` }).click();
    const dialog = page.getByRole("dialog", { name: "Rotate this endpoint's signing secret?" });
    await expect(dialog.getByLabel("The old secret keeps signing")).toHaveValue(String(24 * 3600));
    await dialog.getByRole("button", { name: "Rotate secret" }).click();
    const notice = page.getByRole("region", { name: "Secret rotated: copy the new signing secret now" });
    await expect(notice).toContainText("The old secret keeps signing webhook-signature until");
    const newSecret = (await page.getByTestId("new-webhook-secret").textContent())!.trim();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    await notice.getByRole("button", { name: "I have stored it" }).click();
    await expect(page.getByTestId("previous-secret-until")).toBeVisible();
    expect(await page.content()).not.toContain(newSecret);

    await page
      .getByRole("region", { name: "Send a test event" })
      .getByRole("button", { name: "Send test event" })
      .click();
    const [got] = await receiver.waitFor(1, 30_000);
    const headers = got.headers as Record<string, string>;
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(oldSecret).verify(got.raw.toString(), headers)).toMatchObject({ clientId: client.clientId });
    expect(new Webhook(newSecret).verify(got.raw.toString(), headers)).toMatchObject({ clientId: client.clientId });
    expect(headers["x-service-signature"]).toBe(createHmac("sha256", newSecret).update(got.raw).digest("hex"));
  } finally {
    await receiver.close();
  }
});
