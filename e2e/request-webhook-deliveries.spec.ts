// A request's dashboard page lists the webhook deliveries about it: a request paid for real on
// the sandbox arbitrum-one chain (demo wallet 5 pays wallet 6; dashboard-payments.spec.ts uses them
// on base only, so nonces never collide), its payment.confirmed delivered to a real receiver.
import { expect, test } from "@playwright/test";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { type ApiTransaction, sendAll } from "../lib/test/send-calldata";
import { startReceiver } from "../lib/webhooks/receiver-fixtures";
import { createClientId, registerAndSignIn } from "./support/dashboard-account";
import { sandboxRpc } from "./support/sandbox-rpc";

const payer = DEMO_WALLETS[5];
const payee = DEMO_WALLETS[6];
const SHOP = "https://shop.example.com";

test("a paid request's page shows its payment.confirmed delivery, linked to the endpoint's log", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const receiver = await startReceiver(() => 200);
  try {
    await registerAndSignIn(page);
    const client = await createClientId(page, baseURL!, "deliveries e2e");
    const url = `${receiver.url}/hooks/request`;
    const endpoint = await page.request.post("/v1/webhook", {
      data: { url, clientId: client.clientId },
      headers: { origin: baseURL! },
    });
    expect(endpoint.status(), await endpoint.text()).toBe(201);
    const headers = { "x-client-id": client.clientId, origin: SHOP };
    const created = await page.request.post("/v2/request", {
      headers,
      data: {
        amount: "2",
        invoiceCurrency: "USDC-arbitrum-one",
        paymentCurrency: "USDC-arbitrum-one",
        payee: payee.address,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { requestId } = (await created.json()) as { requestId: string };

    await page.goto(`/dashboard/payments/requests/${requestId}`);
    await expect(page.getByText("No webhook event about this request was sent to your endpoints.")).toBeVisible();

    const pay = await page.request.get(`/v2/request/${requestId}/pay?wallet=${payer.address}`, { headers });
    expect(pay.status(), await pay.text()).toBe(200);
    const { transactions } = (await pay.json()) as { transactions: ApiTransaction[] };
    await sendAll("arbitrum-one", sandboxRpc("arbitrum-one"), payer.privateKey, transactions);
    const [got] = await receiver.waitFor(1, 90_000);
    expect(JSON.parse(got.raw.toString())).toMatchObject({
      event: "payment.confirmed",
      requestId,
      clientId: client.clientId,
    });

    // The receiver has answered; the worker records finished attempts in batches, so the row
    // may still say "sending" for a moment: reload until it shows this delivery, delivered.
    const row = page.getByTestId("request-delivery-row");
    await expect
      .poll(
        async () => (
          await page.goto(`/dashboard/payments/requests/${requestId}`),
          [await row.getAttribute("data-delivery-id"), (await row.textContent())?.includes("delivered")]
        ),
        { timeout: 30_000, intervals: [1000] },
      )
      .toEqual([got.headers["x-service-delivery"], true]);
    await expect(row).toContainText("payment.confirmed");
    await expect(row).toContainText("delivered");
    await row.getByRole("link", { name: url }).click();
    await expect(page).toHaveURL(/event=payment.confirmed/);
    await expect(page.locator(`[data-delivery-id="${got.headers["x-service-delivery"]}"]`)).toHaveAttribute(
      "data-status",
      "delivered",
    );
  } finally {
    await receiver.close();
  }
});
