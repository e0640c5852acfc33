// Hosted onboarding end to end: an orchestrator opens a link request over the API, the
// platform approves it in the dashboard with one of its client IDs, later unlinks it; another
// request is rejected. The orchestrator sees each outcome over its API.
import { expect, test } from "@playwright/test";
import { e2eOrchestrator } from "./demo";
import { createClientId, registerAndSignIn } from "./support/dashboard-account";

interface Link {
  linkId: string;
  intentId: string;
  status: string;
  clientId: string | null;
  onboardingUrl: string;
}

async function orchestratorCall(
  baseURL: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Link }> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      "x-orchestrator-key": e2eOrchestrator().orchestratorKey,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Link };
}

test("a platform approves an orchestrator's onboarding link with a client ID it picks, then unlinks it", async ({
  page,
  baseURL,
}) => {
  const { name } = e2eOrchestrator();
  const started = await orchestratorCall(baseURL!, "POST", "/v2/orchestrators/links", {
    externalId: "acct-42",
    chain: "base",
    currency: "USDC",
  });
  expect(started.status).toBe(201);
  // The URL's key, not the intent id, lets the platform in: the id alone shows nothing.
  expect(started.json.onboardingUrl).toMatch(
    new RegExp(`^${baseURL}/dashboard/links/${started.json.intentId}\\?key=[A-Za-z0-9_-]{32}$`),
  );

  await registerAndSignIn(page);
  await createClientId(page, baseURL!, "Storefront");
  const checkout = await createClientId(page, baseURL!, "Checkout");

  await page.goto(`/dashboard/links/${started.json.intentId}`);
  await expect(page.getByRole("heading", { name: `${name} asks to link` })).toHaveCount(0);
  await page.goto(started.json.onboardingUrl);
  await expect(page.getByRole("heading", { name: `${name} asks to link` })).toBeVisible();
  await expect(page.getByText("acct-42")).toBeVisible();
  await page.getByRole("radio", { name: /Checkout/ }).check();
  await page.getByRole("button", { name: "Approve and link" }).click();
  await expect(page.getByText("You approved this request: the orchestrator is linked.")).toBeVisible();

  const seen = await orchestratorCall(baseURL!, "GET", `/v2/orchestrators/links/${started.json.linkId}`);
  expect(seen.json).toMatchObject({ status: "active", clientId: checkout.clientId });

  await page.goto("/dashboard/links");
  const row = page.getByTestId("link-row").filter({ hasText: name });
  await expect(row).toContainText("Checkout");
  await expect(row).toContainText("active");

  await row.getByRole("link", { name: "Checkout" }).click();
  await expect(page.getByText(`Linked to ${name}`)).toBeVisible();
  await page.getByRole("button", { name: "Unlink" }).click();
  await page
    .getByRole("dialog", { name: `Unlink ${name}?` })
    .getByRole("button", { name: "Unlink" })
    .click();
  await expect(page.getByLabel("Orchestrator id")).toBeVisible();
  expect((await orchestratorCall(baseURL!, "GET", `/v2/orchestrators/links/${started.json.linkId}`)).json.status).toBe(
    "unlinked",
  );
});

test("a platform rejects an onboarding link after confirming, and it cannot be approved afterwards", async ({
  page,
  baseURL,
}) => {
  const started = await orchestratorCall(baseURL!, "POST", "/v2/orchestrators/links", {});
  await registerAndSignIn(page);
  await createClientId(page, baseURL!, "Only one");

  await page.goto(started.json.onboardingUrl);
  await page.getByRole("button", { name: "Reject" }).click();
  await page
    .getByRole("dialog", { name: "Reject this request?" })
    .getByRole("button", { name: "Reject request" })
    .click();
  await expect(page.getByText("This request was rejected.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve and link" })).toHaveCount(0);
  expect((await orchestratorCall(baseURL!, "GET", `/v2/orchestrators/links/${started.json.linkId}`)).json.status).toBe(
    "rejected",
  );
});

test("a platform without an active client ID is asked to create one before approving", async ({ page, baseURL }) => {
  const started = await orchestratorCall(baseURL!, "POST", "/v2/orchestrators/links", {});
  await registerAndSignIn(page);
  await page.goto(started.json.onboardingUrl);
  await expect(page.getByText("You have no active client ID to link")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create a client ID" })).toHaveAttribute("href", "/dashboard/client-ids");
});

test("a direct link by orchestrator id from a client ID's page", async ({ page, baseURL }) => {
  const { orchestratorId, name } = e2eOrchestrator();
  await registerAndSignIn(page);
  const c = await createClientId(page, baseURL!, "Direct");
  await page.goto(`/dashboard/client-ids/${c.id}`);
  await page.getByLabel("Orchestrator id").fill("00000000-0000-4000-8000-000000000000");
  await page.getByRole("button", { name: "Link", exact: true }).click();
  await expect(page.getByText("Orchestrator not found")).toBeVisible();
  await page.getByLabel("Orchestrator id").fill(orchestratorId);
  await page.getByRole("button", { name: "Link", exact: true }).click();
  await expect(page.getByText(`Linked to ${name} (direct link)`)).toBeVisible();
});
