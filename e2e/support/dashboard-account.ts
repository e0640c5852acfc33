// A fresh platform for a browser test: registered over the auth API with the page's own
// request context, so the session cookie lands in the browser as a sign-in would leave it.
import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export interface Account {
  email: string;
  password: string;
}

export async function registerAndSignIn(page: Page): Promise<Account> {
  const account = {
    email: `e2e-${randomBytes(6).toString("hex")}@example.com`,
    password: `pw-${randomBytes(9).toString("base64url")}`,
  };
  const res = await page.request.post("/v1/auth/register", { data: account });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

/** A client ID of the signed-in platform, created over the API with the page's session. */
export async function createClientId(
  page: Page,
  baseURL: string,
  label: string,
): Promise<{ id: string; clientId: string }> {
  const res = await page.request.post("/v2/client-ids", {
    data: { label, allowedDomains: ["https://shop.example.com"] },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; clientId: string };
}
