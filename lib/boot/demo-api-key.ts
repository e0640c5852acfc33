// The sandbox demo platform's API key, for the API reference's examples and try-it console
// (docs/decisions/api-reference-scalar.md). Only in the sandbox: its key
// moves test money on local chains and start-up already prints it. Production never reads it.
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "../config";

export function credentialsPath(dataDir: string): string {
  return path.join(dataDir, "demo-credentials.json");
}

function sandboxCredential(name: "apiKey" | "clientId"): string | undefined {
  const config = getConfig();
  if (!config.sandbox) return undefined;
  try {
    const saved = JSON.parse(fs.readFileSync(credentialsPath(config.DATA_DIR), "utf8")) as Record<string, unknown>;
    return typeof saved[name] === "string" ? saved[name] : undefined;
  } catch {
    return undefined; // no demo platform (SEED_DEMO=false) or not written yet
  }
}

export function sandboxDemoApiKey(): string | undefined {
  return sandboxCredential("apiKey");
}

/** The demo platform's client ID: the examples that name a client ID carry it in the sandbox. */
export function sandboxDemoClientId(): string | undefined {
  return sandboxCredential("clientId");
}
