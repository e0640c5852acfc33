// Every dashboard page and every state of the payment page, at desktop (1366 px) and phone
// (390 px) widths: a full-page screenshot of each is kept in e2e/artifacts/screenshots/, axe
// finds no serious or critical violation, and nothing is wider than the window (cut off or
// scrolled sideways). Signed in as the sandbox demo platform. Demo wallet 1 (the demo payee, which
// no other spec sends from) pays the link of the "paid" state to itself.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { type ApiTransaction, sendAll } from "../lib/test/send-calldata";
import { demo, e2eOrchestrator } from "./demo";
import { sandboxRpc } from "./support/sandbox-rpc";
import { installTestWallet } from "./support/test-wallet";

const SHOTS = "e2e/artifacts/screenshots";
const WIDTHS = [
  ["desktop", { width: 1366, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

/** Screenshots, axe and the overflow check at both widths; soft, so one run lists every page's faults. */
async function checkPage(page: Page, name: string): Promise<void> {
  for (const [label, size] of WIDTHS) {
    await page.setViewportSize(size);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect
      .soft(
        serious.map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help} at ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(" "))
              .join(" | ")}`,
        ),
        `${name} at ${label}`,
      )
      .toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect.soft(overflow, `${name} at ${label}: wider than the window by ${overflow} px`).toBeLessThanOrEqual(0);
  }
}

async function signInAsDemo(page: Page): Promise<void> {
  const { email, password } = demo();
  const res = await page.request.post("/v1/auth/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

test("every dashboard page passes axe and fits the window at desktop and phone widths", async ({ page, baseURL }) => {
  test.setTimeout(420_000); // 21 pages, each at two widths with axe: minutes on a loaded machine
  await page.goto("/dashboard/sign-in");
  await checkPage(page, "dashboard-sign-in");
  await signInAsDemo(page);

  const api = { "x-api-key": demo().apiKey };
  const clients = (await (
    await page.request.get("/v2/client-ids", { headers: { origin: new URL(baseURL!).origin } })
  ).json()) as { id: string; clientId: string }[];
  const client = clients.find((c) => c.clientId === demo().clientId)!;
  const hook = await page.request.post("/v1/webhook", {
    headers: api,
    data: { url: "https://shop.example.com/hooks/stablelink", clientId: demo().clientId },
  });
  expect(hook.status(), await hook.text()).toBe(201);
  const { id: webhookId } = (await hook.json()) as { id: string };
  // An orchestrator's onboarding link request, as the platform opens it (its review page).
  const started = await fetch(`${baseURL}/v2/orchestrators/links`, {
    method: "POST",
    headers: { "x-orchestrator-key": e2eOrchestrator().orchestratorKey, "content-type": "application/json" },
    body: JSON.stringify({ externalId: "a11y-review", chain: "base", currency: "USDC" }),
  });
  expect(started.status).toBe(201);
  const { onboardingUrl } = (await started.json()) as { onboardingUrl: string };

  const pages: [string, string][] = [
    ["dashboard-overview", "/dashboard"],
    ["dashboard-payments", "/dashboard/payments"],
    ["dashboard-payments-filter-error", "/dashboard/payments?fromDate=yesterday"],
    ["dashboard-request", `/dashboard/payments/requests/${demo().demoRequestId}`],
    ["dashboard-payment-links", "/dashboard/payment-links"],
    ["dashboard-payee-destinations", "/dashboard/payee-destinations"],
    ["dashboard-client-ids", "/dashboard/client-ids"],
    ["dashboard-client-id", `/dashboard/client-ids/${client.id}`],
    ["dashboard-api-keys", "/dashboard/api-keys"],
    ["dashboard-webhooks", "/dashboard/webhooks"],
    ["dashboard-webhooks-of-client", `/dashboard/webhooks/${client.id}`],
    ["dashboard-webhook-endpoint", `/dashboard/webhooks/${client.id}/${webhookId}`],
    ["dashboard-branding", "/dashboard/branding"],
    ["dashboard-branding-of-client", `/dashboard/branding/${client.id}`],
    ["dashboard-links", "/dashboard/links"],
    ["dashboard-payers", "/dashboard/payers"],
    ["dashboard-offramp", "/dashboard/offramp"],
    ["dashboard-subscriptions", "/dashboard/subscriptions"],
    ["dashboard-screening", "/dashboard/screening"],
    ["dashboard-link-request", new URL(onboardingUrl).pathname + new URL(onboardingUrl).search],
    ["dashboard-audit-log", "/dashboard/audit-log"],
    ["dashboard-settings", "/dashboard/settings"],
    ["dashboard-liquidity", "/dashboard/liquidity"],
  ];
  for (const [name, path] of pages) {
    await page.setViewportSize(WIDTHS[0][1]);
    const res = await page.goto(path);
    expect.soft(res?.status(), `${path} answers`).toBe(200);
    await checkPage(page, name);
  }
});

test("every state of the payment page passes axe and fits the window at desktop and phone widths", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;
  const browser = { "x-client-id": demo().clientId, origin };
  const link = async (body: Record<string, unknown> = {}) => {
    const res = await page.request.post("/v2/secure-payments", {
      headers: browser,
      data: { requests: [{ destinationId: demo().demoDestinationId, amount: "12.5" }], ...body },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { token: string; requestIds: string[]; securePaymentUrl: string };
  };

  // Without a browser wallet, then with one (the injected test wallet) offering to connect.
  await page.goto(demo().demoPaymentUrl);
  await expect(page.getByText("No browser wallet found")).toBeVisible();
  await checkPage(page, "pay-payable-no-wallet");
  const payer = DEMO_WALLETS[1];
  await installTestWallet(page, { privateKey: payer.privateKey, chainId: 8453, rpcUrls: { 8453: sandboxRpc("base") } });
  await page.goto(demo().demoPaymentUrl);
  await expect(page.getByRole("button", { name: /Connect/ }).first()).toBeVisible();
  await checkPage(page, "pay-payable");

  const expiresAt = Date.now() + 2500;
  const expiring = await link({ expiresAt: new Date(expiresAt).toISOString() });
  const paid = await link({ reference: "A11Y-PAID" });
  const calls = await page.request.get(`/v2/secure-payments/${paid.token}/pay?wallet=${payer.address}`, {
    headers: browser,
  });
  expect(calls.status(), await calls.text()).toBe(200);
  const { transactions } = (await calls.json()) as { transactions: ApiTransaction[] };
  await sendAll("base", sandboxRpc("base"), payer.privateKey, transactions);

  await page.waitForTimeout(Math.max(0, expiresAt + 500 - Date.now()));
  await page.goto(expiring.securePaymentUrl);
  await expect(page.getByRole("heading", { name: "This payment link has expired" })).toBeVisible();
  await checkPage(page, "pay-expired");

  await expect(async () => {
    await page.goto(paid.securePaymentUrl);
    await expect(page.getByText("A11Y-PAID")).toBeVisible({ timeout: 1000 });
    await expect(page.getByRole("button", { name: /Connect/ })).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [1000] });
  await checkPage(page, "pay-paid");

  const withdrawn = await link({ reference: "A11Y-CANCELLED" });
  const cancelled = await page.request.post(`/v2/secure-payments/${withdrawn.token}/cancel`, {
    headers: { "x-api-key": demo().apiKey },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await page.goto(withdrawn.securePaymentUrl);
  await expect(page.getByText("This link can no longer be paid")).toBeVisible();
  await checkPage(page, "pay-cancelled");

  await page.goto("/pay/01J00000000000000000000000");
  await expect(page.getByRole("heading", { name: "Payment link not found" })).toBeVisible();
  await checkPage(page, "pay-unknown");
});

test("the payment page in German and Japanese passes axe, with the page's language in lang", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  for (const [locale, amountToPay, notFound] of [
    ["de", "Zu zahlender Betrag", "Zahlungslink nicht gefunden"],
    ["ja", "お支払い金額", "支払いリンクが見つかりません"],
  ] as const) {
    const context = await browser.newContext({ baseURL, locale, extraHTTPHeaders: { "accept-language": locale } });
    const page = await context.newPage();
    await page.goto(demo().demoPaymentUrl);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByText(amountToPay, { exact: true })).toBeVisible();
    await checkPage(page, `pay-payable-${locale}`);
    await page.goto("/pay/01J00000000000000000000000");
    await expect(page.getByRole("heading", { name: notFound })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await checkPage(page, `pay-unknown-${locale}`);
    await context.close();
  }
});
