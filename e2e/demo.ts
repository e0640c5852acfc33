// The demo platform the e2e server seeded on its empty database.
import fs from "node:fs";
import path from "node:path";

export interface Demo {
  apiKey: string;
  clientId: string;
  email: string;
  password: string;
  dashboardUrl: string;
  apiUrl: string;
  demoRequestId: string;
}

export function demo(): Demo {
  const dir = path.resolve(process.env.E2E_DATA_DIR ?? ".data/e2e");
  return JSON.parse(fs.readFileSync(path.join(dir, "demo-credentials.json"), "utf8")) as Demo;
}
