// Signing secrets are needed in clear to sign, so they are encrypted rather than hashed,
// bound to their endpoint (a secret copied onto another row does not decrypt).
import { db } from "../db/client";
import { decryptSecret, encryptSecret, needsReencryption } from "../secrets/encrypt-at-rest";

export const secretContext = (endpointId: string) => `webhook-secret:${endpointId}`;

export const sealWebhookSecret = (endpointId: string, secret: string) =>
  encryptSecret(secret, secretContext(endpointId));
export const openWebhookSecret = (endpointId: string, sealed: string) =>
  decryptSecret(sealed, secretContext(endpointId));

/**
 * Key rotation (docs/payers-and-offramp.md): re-encrypts with the current key the signing secrets
 * only a previous key reads. Idempotent; answers how many values were rewritten.
 */
export async function reencryptWebhookSecrets(): Promise<number> {
  const prisma = await db();
  let rewritten = 0;
  const rows = await prisma.webhookEndpoint.findMany({
    select: { id: true, secretEncrypted: true, previousSecretEncrypted: true },
  });
  for (const row of rows) {
    const context = secretContext(row.id);
    const data: { secretEncrypted?: string; previousSecretEncrypted?: string } = {};
    if (needsReencryption(row.secretEncrypted, context))
      data.secretEncrypted = sealWebhookSecret(row.id, openWebhookSecret(row.id, row.secretEncrypted));
    if (row.previousSecretEncrypted && needsReencryption(row.previousSecretEncrypted, context)) {
      data.previousSecretEncrypted = sealWebhookSecret(row.id, openWebhookSecret(row.id, row.previousSecretEncrypted));
    }
    if (Object.keys(data).length === 0) continue;
    await prisma.webhookEndpoint.update({ where: { id: row.id }, data });
    rewritten += Object.keys(data).length;
  }
  return rewritten;
}
