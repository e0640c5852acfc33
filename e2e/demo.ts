// The demo platform the e2e server seeded on its empty database.
import fs from "node:fs";
import path from "node:path";
import type { DemoCredentials } from "../lib/boot/seed-demo";

/** In the sandbox every field of the demo credentials is there. */
export type Demo = Required<DemoCredentials>;

export function demo(): Demo {
  const dir = path.resolve(process.env.E2E_DATA_DIR ?? ".data/e2e");
  return JSON.parse(fs.readFileSync(path.join(dir, "demo-credentials.json"), "utf8")) as Demo;
}

export interface E2eOrchestrator {
  name: string;
  orchestratorId: string;
  orchestratorKey: string;
}

/** The orchestrator scripts/e2e.mjs onboarded (with scripts/orchestrator.ts) before the server started. */
export function e2eOrchestrator(): E2eOrchestrator {
  const file = path.join(path.resolve(process.env.E2E_DATA_DIR ?? ".data/e2e"), "e2e-orchestrator.json");
  if (!fs.existsSync(file))
    throw new Error(`${file} is missing: run the browser tests with npm run test:e2e, which creates it`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as E2eOrchestrator;
}
