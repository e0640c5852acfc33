// Platforms with real credentials, created through the same functions the product uses.
import { randomBytes } from "node:crypto";
import { createApiKey } from "../auth/api-keys";
import { createSession } from "../auth/sessions";
import { createClientIdRecord } from "../client-ids/create-client-id";
import { db } from "../db/client";

export const TEST_ORIGIN = "https://shop.example.com";

/** `webhookRegistrationByClientId`: let the client ID alone manage webhooks (off, as for new client IDs). */
export async function createTestPlatform(
  name = "Test platform",
  opts: { webhookRegistrationByClientId?: boolean } = {},
) {
  const platform = await (await db()).platform.create({ data: { name } });
  const apiKey = await createApiKey(platform.id, "test key");
  const client = await createClientIdRecord(platform.id, {
    label: "test client",
    allowedDomains: [TEST_ORIGIN],
    ...opts,
  });
  return {
    platformId: platform.id,
    apiKey: apiKey.key,
    apiKeyId: apiKey.id,
    clientId: client.clientId,
    clientIdId: client.id,
  };
}

/** A user of the platform signed in by wallet; `token` goes in `Authorization: Bearer`. */
export async function createTestWalletSession(
  platformId: string,
  walletAddress = `0x${randomBytes(20).toString("hex")}`,
) {
  const user = await (await db()).user.create({
    data: { platformId, walletAddress: walletAddress.toLowerCase(), walletType: "evm" },
  });
  const s = await createSession(user.id, "wallet");
  return { userId: user.id, token: s.token };
}
