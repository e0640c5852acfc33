// Encryption key rotation (docs/payers-and-offramp.md): data written with the old key stays readable
// while ENCRYPTION_KEY_PREVIOUS names it, `npm run secrets:rotate` (reencrypt…) rewrites it with
// the new key, after which the old key is no longer needed.

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as detailsRoute from "@/app/v2/payer/[clientUserId]/payment-details/route";
import * as payerRoute from "@/app/v2/payer/route";
import { db } from "../db/client";
import { rotatingKeys } from "../test/encryption-keys";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { createPlatformEndpoint } from "../webhooks/client-id-endpoints";
import { openWebhookSecret, reencryptWebhookSecrets } from "../webhooks/webhook-secret";
import { openBankDetails, openIdentity } from "./payer-data";
import { BANK, IDENTITY } from "./payer-fixtures";
import { reencryptPayerData } from "./payer-store";

const useKeys = rotatingKeys();

describe("encryption key rotation", () => {
  it("old data reads during the rotation, is re-encrypted once, and reads with the new key alone afterwards", async () => {
    const oldKey = randomBytes(32).toString("hex");
    const newKey = randomBytes(32).toString("hex");
    useKeys(oldKey);
    const p = await createTestPlatform("rotation");
    const headers = { "x-api-key": p.apiKey };
    const created = await call(payerRoute, "POST", "/v2/payer", {
      headers,
      body: { clientUserId: "rotating", ...IDENTITY },
    });
    expect(created.status, created.text).toBe(200);
    const added = await call(detailsRoute, "POST", "/v2/payer/rotating/payment-details", {
      headers,
      body: BANK,
      params: { clientUserId: "rotating" },
    });
    const detailId = (added.json as { payment_detail: { id: string } }).payment_detail.id;
    const endpoint = await createPlatformEndpoint(
      { id: p.clientIdId, platformId: p.platformId },
      "https://hooks.example.com/rotation",
    );
    const prisma = await db();
    const before = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    const secret = openWebhookSecret(endpoint.id, before.secretEncrypted);

    // Step 1: the new key is current, the old one still read.
    useKeys(newKey, oldKey);
    const read = async () =>
      call(detailsRoute, "GET", "/v2/payer/rotating/payment-details", {
        headers,
        params: { clientUserId: "rotating" },
      });
    expect(
      ((await read()).json as { paymentDetails: { accountNumber: string }[] }).paymentDetails[0].accountNumber,
    ).toBe(BANK.accountNumber);
    const detail = await prisma.paymentDetail.findUniqueOrThrow({ where: { id: detailId } });
    useKeys(newKey);
    expect(() => openBankDetails(detailId, detail.encrypted), "the new key alone cannot read old data yet").toThrow();

    // Step 2: re-encrypt (what `npm run secrets:rotate` runs); a second run has nothing left.
    useKeys(newKey, oldKey);
    expect(await reencryptPayerData()).toEqual({ identities: 1, paymentDetails: 1 });
    expect(await reencryptWebhookSecrets()).toBe(1);
    expect(await reencryptPayerData()).toEqual({ identities: 0, paymentDetails: 0 });
    expect(await reencryptWebhookSecrets()).toBe(0);

    // Step 3: the old key is gone; everything still reads.
    useKeys(newKey);
    expect(
      ((await read()).json as { paymentDetails: { accountNumber: string }[] }).paymentDetails[0].accountNumber,
    ).toBe(BANK.accountNumber);
    const payer = await prisma.payer.findFirstOrThrow({
      where: { platformId: p.platformId, clientUserId: "rotating" },
    });
    expect(openIdentity(payer.id, payer.identity!).lastName).toBe(IDENTITY.lastName);
    const after = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(openWebhookSecret(endpoint.id, after.secretEncrypted)).toBe(secret);
  });
});
