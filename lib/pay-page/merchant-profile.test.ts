// The payment page names the merchant from the platform profile: its business name instead of
// the name the platform was created with (a wallet address), and its logo unless the client
// ID's branding sets one.
import { beforeAll, describe, expect, it } from "vitest";
import { systemAuditContext } from "../audit";
import { registerTestDestination } from "../payee-destinations/fixtures";
import { updatePlatformProfile } from "../platforms/profile";
import { putBranding } from "../secure-payments/branding";
import { createSecurePayment } from "../secure-payments/create-secure-payment";
import { createTestPlatform } from "../test/fixtures";
import { loadPayPage } from "./load-pay-page";

const WALLET_NAME = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const GIF = "data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==";

let p: Awaited<ReturnType<typeof createTestPlatform>>;
let destinationId: string;
beforeAll(async () => {
  p = await createTestPlatform(WALLET_NAME);
  destinationId = (await registerTestDestination(p.platformId)).destinationId;
});

async function page() {
  const { token } = await createSecurePayment(
    { platformId: p.platformId, clientIdId: p.clientIdId, orchestratorId: null },
    { requests: [{ destinationId, amount: "5" }] } as never,
  );
  const view = await loadPayPage(token);
  if (view.state !== "payable") throw new Error(`expected payable, got ${view.state}`);
  return view;
}

describe("the merchant on the payment page", () => {
  it("is the platform's name until a business name is set, then the business name and its logo", async () => {
    expect(await page()).toMatchObject({ merchantName: WALLET_NAME, branding: { logoUrl: null } });
    await updatePlatformProfile(
      p.platformId,
      { businessName: "Corner Roasters", logo: PNG },
      systemAuditContext(p.platformId),
    );
    const view = await page();
    expect(view).toMatchObject({ merchantName: "Corner Roasters", branding: { logoUrl: PNG } });
    expect(JSON.stringify({ merchantName: view.merchantName, branding: view.branding })).not.toContain(WALLET_NAME);
  });

  it("shows the client ID's branding logo over the profile's, and the business name still", async () => {
    await updatePlatformProfile(
      p.platformId,
      { businessName: "Corner Roasters", logo: PNG },
      systemAuditContext(p.platformId),
    );
    await putBranding({ clientIdId: p.clientIdId }, { logoPath: GIF });
    expect(await page()).toMatchObject({ merchantName: "Corner Roasters", branding: { logoUrl: GIF } });
  });
});
