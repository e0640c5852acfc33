// The payment page and the hosted payer form in the payer's language (docs/decisions/payer-languages.md).
// For each language: a browser whose Accept-Language asks for it gets the page in it from the
// server (`lang`, texts, the amount and the expiry in the locale's format, no hydration error),
// the wallet part too, a paid link's receipt and an unknown link; the picker switches the
// language and the choice is remembered. A payer outside the US fills the hosted form without
// state or tax number; a US one is asked for both.
import fs from "node:fs";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { formatLocaleMoney } from "../lib/i18n/format";
import { LOCALE_COOKIE, LOCALES, type PayerLocale } from "../lib/i18n/locales";
import { type ApiTransaction, sendAll } from "../lib/test/send-calldata";
import { demo } from "./demo";
import { sandboxRpc } from "./support/sandbox-rpc";

// Read as data: Playwright's loader takes no JSON modules.
type Messages = typeof import("../messages/en.json");
const messagesOf = (locale: PayerLocale): Messages =>
  JSON.parse(fs.readFileSync(new URL(`../messages/${locale}.json`, import.meta.url), "utf8")) as Messages;
const MESSAGES = Object.fromEntries(LOCALES.map((l) => [l, messagesOf(l)])) as Record<PayerLocale, Messages>;
const { en, de, fr, ja } = MESSAGES;
const ACCEPT: Record<PayerLocale, string> = {
  en: "en-GB,en;q=0.9",
  es: "es-MX,es;q=0.9,en;q=0.5",
  pt: "pt-BR,pt;q=0.9,en;q=0.5",
  fr: "fr-FR,fr;q=0.9",
  de: "de-DE,de;q=0.9,en;q=0.8",
  zh: "zh-CN,zh;q=0.9",
  ja: "ja-JP,ja;q=0.9",
};
/** The expiry as the page writes it (UTC, medium date, short time). */
const expiryText = (locale: PayerLocale, iso: string) =>
  `${new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso))} UTC`;

async function contextFor(browser: Browser, baseURL: string, locale: PayerLocale): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: ACCEPT[locale].split(",")[0],
    extraHTTPHeaders: { "accept-language": ACCEPT[locale] },
  });
}
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    // The unknown link's page is answered 404 on purpose; Chromium logs that status.
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

let payable: { securePaymentUrl: string; expiresAt: string };
let paid: { securePaymentUrl: string };

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const api = await playwright.request.newContext({ baseURL });
  const headers = { "x-client-id": demo().clientId, origin };
  const link = async (amount: string, reference: string, expiresAt?: string) => {
    const res = await api.post("/v2/secure-payments", {
      headers,
      data: { requests: [{ destinationId: demo().demoDestinationId, amount }], reference, expiresAt },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { token: string; securePaymentUrl: string };
  };
  // Two days ahead, on a whole minute: the page writes minutes.
  const expiresAt = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 2 * 86_400_000).toISOString();
  payable = { ...(await link("1234.5", "I18N-OPEN", expiresAt)), expiresAt };

  // A link paid by demo wallet 1 (the demo payee, paying itself: no other spec's balance moves).
  const payer = DEMO_WALLETS[1];
  paid = await link("2500.75", "I18N-PAID");
  const token = new URL(paid.securePaymentUrl).pathname.split("/")[2];
  const calls = await api.get(`/v2/secure-payments/${token}/pay?wallet=${payer.address}`, { headers });
  expect(calls.status(), await calls.text()).toBe(200);
  const { transactions } = (await calls.json()) as { transactions: ApiTransaction[] };
  await sendAll("base", sandboxRpc("base"), payer.privateKey, transactions);
  await api.dispose();
});

for (const locale of LOCALES) {
  const m = MESSAGES[locale];
  test(`the payment page in ${locale}: from Accept-Language, amounts and dates in the locale, receipt and unknown link`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const context = await contextFor(browser, baseURL!, locale);
    const page = await context.newPage();
    const errors = watchErrors(page);

    // Payable: the server's HTML is already in the language.
    const html = await (await context.request.get(payable.securePaymentUrl)).text();
    expect(html).toContain(`lang="${locale}"`);
    expect(html).toContain(m.summary.amountToPay);
    await page.goto(payable.securePaymentUrl);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByText(m.summary.amountToPay, { exact: true })).toBeVisible();
    await expect(page.getByTestId("pay-total")).toHaveText(formatLocaleMoney(locale, "1234.5", "USDC"));
    await expect(page.getByText(expiryText(locale, payable.expiresAt))).toBeVisible();
    await expect(page.getByRole("heading", { name: m.page.otherDevice })).toBeVisible();
    // The wallet part (a browser without a wallet) speaks it too.
    await expect(page.getByText(m.wallet.noWallet)).toBeVisible();
    await expect(page.getByTestId("language-picker")).toHaveValue(locale);

    // The receipt of a paid link.
    await expect(async () => {
      await page.goto(paid.securePaymentUrl);
      await expect(page.getByRole("heading", { name: m.receipt.completeTitle })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 60_000, intervals: [1000] });
    await expect(page.getByTestId("pay-receipt-amount")).toHaveText(formatLocaleMoney(locale, "2500.75", "USDC"));
    await expect(page.getByText(m.receipt.keep)).toBeVisible();

    // An unknown link.
    const unknown = await page.goto("/pay/01J00000000000000000000000");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: m.states.unknownTitle })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);

    expect(errors, "console errors (a hydration mismatch among them)").toEqual([]);
    await context.close();
  });
}

test("the payer switches the language with the picker, and the choice is remembered", async ({ browser, baseURL }) => {
  const context = await contextFor(browser, baseURL!, "en");
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(payable.securePaymentUrl);
  await expect(page.getByText(en.summary.amountToPay, { exact: true })).toBeVisible();
  await expect(page.getByLabel(en.language.label)).toBeEnabled(); // hydrated
  await page.getByLabel(en.language.label).selectOption("de");
  await expect(page.getByText(de.summary.amountToPay, { exact: true })).toBeVisible();
  await expect(page.getByTestId("pay-total")).toHaveText("1.234,50\u00a0USDC");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  expect((await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value).toBe("de");

  // Remembered over the browser's own languages, on a reload and on another link.
  await page.reload();
  await expect(page.getByText(de.summary.amountToPay, { exact: true })).toBeVisible();
  await page.goto(paid.securePaymentUrl);
  await expect(page.getByRole("heading", { name: de.receipt.completeTitle })).toBeVisible();
  await expect(page.getByLabel(de.language.label)).toBeEnabled();
  await page.getByLabel(de.language.label).selectOption("ja");
  await expect(page.getByRole("heading", { name: ja.receipt.completeTitle })).toBeVisible();
  await expect(page.getByTestId("pay-receipt-amount")).toHaveText("2,500.75\u00a0USDC");
  expect(errors).toEqual([]);
  await context.close();
});

const PAYER = {
  email: "amelie.durand@example.org",
  firstName: "Amélie",
  lastName: "Durand",
  beneficiaryType: "individual",
  dateOfBirth: "1990-04-02",
  addressLine1: "10 Downing Street",
  city: "London",
  postcode: "SW1A 2AA",
  country: "GB",
  nationality: "FR",
  phone: "+447700900456",
};

test("a payer outside the US fills the hosted form in their language without state or tax number; in the US both are asked", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const api = { "x-api-key": demo().apiKey };
  const context = await contextFor(browser, baseURL!, "fr");
  const page = await context.newPage();
  const created = await context.request.post("/v2/payer", {
    headers: api,
    data: { clientUserId: `i18n-gb-${Date.now()}`, ...PAYER },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { kycUrl } = (await created.json()) as { kycUrl: string };

  await page.goto(kycUrl);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { name: fr.payer.kycTitle })).toBeVisible();
  await expect(page.getByLabel(fr.kyc.fields.lastName, { exact: true })).toHaveValue("Durand");
  await expect(page.getByText("Royaume-Uni")).toBeVisible(); // the country, named in French
  await expect(page.getByLabel(fr.kyc.fields.state)).toHaveCount(0);
  await expect(page.getByLabel(fr.kyc.fields.ssn)).toHaveCount(0);

  // Typing a US address brings both fields, required; back to GB they go again.
  const country = page.getByLabel(fr.kyc.fields.country);
  await country.fill("US");
  await expect(page.getByLabel(fr.kyc.fields.state)).toBeVisible();
  await expect(page.getByLabel(fr.kyc.fields.ssn)).toBeVisible();
  await expect(page.getByText(`${fr.kyc.fields.ssn} (${fr.kyc.optional})`)).toHaveCount(0);
  await page.getByRole("button", { name: fr.kyc.submit }).click();
  await expect(page.getByText(/corrections\.state|state: is required/)).toBeVisible();
  await country.fill("GB");
  await expect(page.getByLabel(fr.kyc.fields.ssn)).toHaveCount(0);

  await page.getByLabel(fr.kyc.fields.city, { exact: true }).fill("Westminster");
  await page.getByRole("button", { name: fr.kyc.submit }).click();
  await expect(page.getByTestId("kyc-state")).toHaveText(fr.payer.pending);
  await context.close();
});
