// The demo platform of the sandbox: created once on an empty database, its one-time secrets
// written to <DATA_DIR>/demo-credentials.json (mode 600) because they are stored only hashed.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createApiKey } from "../auth/api-keys";
import { hashPassword } from "../auth/passwords";
import { db } from "../db/client";
import { createClientIdRecord } from "../client-ids/create-client-id";

export interface DemoCredentials {
  platformId: string;
  apiKey: string;
  clientId: string;
  email: string;
  password: string;
  dashboardUrl: string;
  apiUrl: string;
}

export function credentialsPath(dataDir: string): string {
  return path.join(dataDir, "demo-credentials.json");
}

export async function seedDemoPlatform(opts: { dataDir: string; appUrl: string }): Promise<{ created: boolean; credentials: DemoCredentials | null }> {
  const prisma = await db();
  const file = credentialsPath(opts.dataDir);
  if ((await prisma.platform.count()) > 0) {
    const credentials = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as DemoCredentials) : null;
    return { created: false, credentials };
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
  fs.mkdirSync(opts.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(credentials, null, 2) + "\n", { mode: 0o600 });
  return { created: true, credentials };
}
