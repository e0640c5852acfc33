// The demo platform of the sandbox: created once on an empty database, its one-time secrets
// written to <DATA_DIR>/demo-credentials.json (mode 600) because they are stored only hashed.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createApiKey } from "../auth/api-keys";
import { hashPassword } from "../auth/passwords";
import { db } from "../db/client";
import { createClientIdRecord } from "../client-ids/create-client-id";
import { DEMO_WALLETS } from "../devnet/accounts";
import { log } from "../log";
import { createRequest } from "../requests/create-request";

export interface DemoCredentials {
  platformId: string;
  apiKey: string;
  clientId: string;
  email: string;
  password: string;
  dashboardUrl: string;
  apiUrl: string;
  /** Sandbox only: a request `npm run pay-demo` pays on the sandbox chain. */
  demoRequestId?: string;
}

/** The demo request: 25 USDC on base from the first demo wallet to the second. */
export const DEMO_REQUEST = {
  amount: "25",
  invoiceCurrency: "USDC-base",
  paymentCurrency: "USDC-base",
  payee: DEMO_WALLETS[1].address,
  payer: DEMO_WALLETS[0].address,
  reference: "DEMO-1",
};

function writeCredentials(dataDir: string, credentials: DemoCredentials): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(credentialsPath(dataDir), JSON.stringify(credentials, null, 2) + "\n", { mode: 0o600 });
}

/** Sandbox data directories seeded before demo requests existed get theirs on the next start. */
async function withDemoRequest(dataDir: string, credentials: DemoCredentials, sandbox: boolean): Promise<DemoCredentials> {
  if (!sandbox || credentials.demoRequestId) return credentials;
  try {
    const request = await createRequest({ platformId: credentials.platformId, clientIdId: null }, DEMO_REQUEST);
    const updated = { ...credentials, demoRequestId: request.requestId };
    writeCredentials(dataDir, updated);
    return updated;
  } catch (err) {
    // A credentials file of another database (DATABASE_URL changed): keep serving without it.
    log.warn({ err: err instanceof Error ? err.message : String(err) }, "demo request not created");
    return credentials;
  }
}

export function credentialsPath(dataDir: string): string {
  return path.join(dataDir, "demo-credentials.json");
}

export async function seedDemoPlatform(opts: { dataDir: string; appUrl: string; sandbox?: boolean }): Promise<{ created: boolean; credentials: DemoCredentials | null }> {
  const prisma = await db();
  const file = credentialsPath(opts.dataDir);
  if ((await prisma.platform.count()) > 0) {
    const credentials = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as DemoCredentials) : null;
    return { created: false, credentials: credentials && (await withDemoRequest(opts.dataDir, credentials, opts.sandbox ?? false)) };
  }
  const platform = await prisma.platform.create({ data: { name: "Demo Platform", isDemo: true } });
  const email = "demo@stablelink.local";
  const password = randomBytes(12).toString("base64url");
  await prisma.user.create({ data: { platformId: platform.id, email, passwordHash: await hashPassword(password) } });
  const key = await createApiKey(platform.id, "Demo key");
  const origin = new URL(opts.appUrl).origin;
  const client = await createClientIdRecord(platform.id, { label: "Demo client", allowedDomains: [origin, "localhost"] });
  const credentials: DemoCredentials = {
    platformId: platform.id,
    apiKey: key.key,
    clientId: client.clientId,
    email,
    password,
    dashboardUrl: `${opts.appUrl}/dashboard`,
    apiUrl: opts.appUrl,
  };
  writeCredentials(opts.dataDir, credentials);
  return { created: true, credentials: await withDemoRequest(opts.dataDir, credentials, opts.sandbox ?? false) };
}
