// `npm run secrets:rotate`: the second step of an encryption key rotation (docs/payers-and-offramp.md).
// With the new key in ENCRYPTION_KEY and the old one in ENCRYPTION_KEY_PREVIOUS,
// re-encrypts every value only the old key reads (payer identities, bank details, requests'
// customerInfo, webhook signing secrets). Safe to run again, and while the service runs: it reads with both keys.
import { getConfig } from "../lib/config";
import { getDatabase } from "../lib/db/client";
import { migrate } from "../lib/db/migrate";
import { reencryptPayerData } from "../lib/payers";
import { reencryptCustomerInfo } from "../lib/requests";
import { reencryptWebhookSecrets } from "../lib/webhooks";

try {
  const config = getConfig();
  if (!config.ENCRYPTION_KEY_PREVIOUS)
    console.warn(
      "ENCRYPTION_KEY_PREVIOUS is not set: only values the current key already reads exist, nothing to rotate.",
    );
  const database = await getDatabase();
  await migrate(database);
  const payers = await reencryptPayerData();
  const customerInfo = await reencryptCustomerInfo();
  const webhookSecrets = await reencryptWebhookSecrets();
  console.log(
    `Re-encrypted with the current key: ${payers.identities} payer identities, ${payers.paymentDetails} bank accounts, ${customerInfo} requests' customerInfo, ${webhookSecrets} webhook secrets.`,
  );
  console.log("Once every process runs with the new key, remove ENCRYPTION_KEY_PREVIOUS.");
  await database.close();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
