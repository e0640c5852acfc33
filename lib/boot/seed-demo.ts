// The demo platform of the sandbox: created once on an empty database, its one-time secrets
// written to <DATA_DIR>/demo-credentials.json (mode 600) because they are stored only hashed.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { privateKeyToAccount } from "viem/accounts";
import { createApiKey, createEmailUser } from "../auth";
import { NETWORKS } from "../chains/networks";
import { createClientIdRecord } from "../client-ids";
import { db } from "../db/client";
import { DEMO_WALLETS } from "../devnet/accounts";
import { TRON_DEMO_WALLETS, type TronDevAccount } from "../devnet/tron/accounts";
import { log } from "../log";
import { destinationTokens, registerDestinationWithKey } from "../payee-destinations";
import { createPlatform, hasPlatforms } from "../platforms";
import { createRequest } from "../requests";
import { createSecurePayment } from "../secure-payments";
import { credentialsPath } from "./demo-api-key";

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
  /** Sandbox only: the demo wallet's USDC-on-Base payee destination, signed as a browser wallet signs it. */
  demoDestinationId?: string;
  /** Sandbox only: a payment link to that destination, ready to open and pay. */
  demoPaymentUrl?: string;
  /** Sandbox only: the Tron sandbox node's demo wallets (base58 address, hex key as TronWeb takes it). */
  tronDemoWallets?: TronDevAccount[];
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
async function withDemoRequest(
  dataDir: string,
  credentials: DemoCredentials,
  sandbox: boolean,
): Promise<DemoCredentials> {
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

/** The demo payment link: 42.50 USDC on base to the demo payee's destination. */
export const DEMO_LINK = { amount: "42.50", reference: "DEMO-LINK-1" };

/**
 * The demo payee (DEMO_REQUEST.payee) registers its USDC-on-Base destination the way a person
 * does from the dashboard: signing data issued for the platform, signed by the wallet's key
 * (EIP-712, the typed data a browser wallet is handed), then sent back with its nonce.
 */
async function addDemoDestination(platformId: string): Promise<string> {
  const wallet = DEMO_WALLETS.find((w) => w.address === DEMO_REQUEST.payee)!;
  const network = NETWORKS.base;
  const token = destinationTokens("base").find((t) => t.symbol === "USDC")!;
  const account = privateKeyToAccount(wallet.privateKey);
  return registerDestinationWithKey(platformId, { network, walletAddress: wallet.address, token }, (typedData) =>
    account.signTypedData(typedData),
  );
}

/** Sandbox only: a payee destination and an open payment link on the demo platform (also for data directories seeded before them). */
async function withDemoLink(dataDir: string, credentials: DemoCredentials, sandbox: boolean): Promise<DemoCredentials> {
  if (!sandbox || credentials.demoPaymentUrl) return credentials;
  try {
    const destinationId = credentials.demoDestinationId ?? (await addDemoDestination(credentials.platformId));
    const link = await createSecurePayment(
      { platformId: credentials.platformId, clientIdId: null, orchestratorId: null },
      { requests: [{ destinationId, amount: DEMO_LINK.amount }], reference: DEMO_LINK.reference },
    );
    const updated = { ...credentials, demoDestinationId: destinationId, demoPaymentUrl: link.securePaymentUrl };
    writeCredentials(dataDir, updated);
    return updated;
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, "demo payment link not created");
    return credentials;
  }
}

/** Sandbox only: the demo Tron wallets, written beside the rest (also for data directories seeded before them). */
function withTronWallets(dataDir: string, credentials: DemoCredentials, sandbox: boolean): DemoCredentials {
  if (!sandbox || credentials.tronDemoWallets) return credentials;
  const updated = { ...credentials, tronDemoWallets: TRON_DEMO_WALLETS.map((w) => ({ ...w })) };
  writeCredentials(dataDir, updated);
  return updated;
}

async function withSandboxDemo(
  dataDir: string,
  credentials: DemoCredentials,
  sandbox: boolean,
): Promise<DemoCredentials> {
  const linked = await withDemoLink(dataDir, await withDemoRequest(dataDir, credentials, sandbox), sandbox);
  return withTronWallets(dataDir, linked, sandbox);
}

export async function seedDemoPlatform(opts: {
  dataDir: string;
  appUrl: string;
  sandbox?: boolean;
}): Promise<{ created: boolean; credentials: DemoCredentials | null }> {
  const prisma = await db();
  const file = credentialsPath(opts.dataDir);
  if (await hasPlatforms()) {
    const credentials = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as DemoCredentials) : null;
    return {
      created: false,
      credentials: credentials && (await withSandboxDemo(opts.dataDir, credentials, opts.sandbox ?? false)),
    };
  }
  const platform = await createPlatform(prisma, { name: "Demo Platform", isDemo: true });
  const email = "demo@stablelink.local";
  const password = randomBytes(12).toString("base64url");
  await createEmailUser(platform.id, email, password);
  const key = await createApiKey(platform.id, "Demo key");
  const origin = new URL(opts.appUrl).origin;
  const client = await createClientIdRecord(platform.id, {
    label: "Demo client",
    allowedDomains: [origin, "localhost"],
  });
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
  return { created: true, credentials: await withSandboxDemo(opts.dataDir, credentials, opts.sandbox ?? false) };
}
