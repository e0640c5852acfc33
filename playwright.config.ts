// Browser and HTTP tests against the real server, started exactly as `npm start` starts it,
// on its own port and data directory, with its sandbox chains on SANDBOX_PORTS, on PGlite or
// on the PostgreSQL database E2E_DATABASE_URL. Run through `npm run test:e2e` (scripts/e2e.mjs
// finds Chromium and prepares the data directory).
//
// Ports: E2E_PORT (the server) and SANDBOX_PORTS (its chains, lib/config.ts) come from the
// kernel (scripts/free-ports.mjs), never 3000 / 18545… where a running `npm start` listens.
// scripts/e2e.mjs picks them; run directly (`npx playwright test`), this file does. Either way
// they are in process.env before Playwright forks its workers, which inherit them: specs read
// the chains' URLs through e2e/support/sandbox-rpc.ts.
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { SANDBOX_NETWORKS } from "./lib/config";
import { freePorts } from "./scripts/free-ports.mjs";

if (!process.env.E2E_PORT || !process.env.SANDBOX_PORTS) {
  const [server, ...chains] = await freePorts(1 + SANDBOX_NETWORKS.length);
  process.env.E2E_PORT ||= String(server);
  process.env.SANDBOX_PORTS ||= chains.join(",");
}
const port = Number(process.env.E2E_PORT);
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? ".data/e2e");

export default defineConfig({
  testDir: "e2e",
  outputDir: "e2e/artifacts/results",
  timeout: 60_000,
  // An assertion waits up to 15 s for what it expects (a navigation after signing in, a receipt):
  // Playwright's 5 s is shorter than a server-rendered page takes on a loaded 2-core machine, and
  // a spec that waits for the right thing must not fail because the machine is busy.
  expect: { timeout: 15_000 },
  workers: 2,
  // On CI a failed spec runs once more and, if it then passes, is reported as flaky (see
  // docs/decisions/ci-one-retry.md); locally every failure fails.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // The ten slowest spec files at the end of a run: where the next minute of CI time is.
  reportSlowTests: { max: 10, threshold: 1_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://localhost:${port}/health`,
    timeout: 600_000, // a first start builds the app: minutes on a busy 2-core machine
    reuseExistingServer: false,
    // SIGTERM, not SIGKILL: the server then saves and stops its sandbox chains (their own
    // process group) instead of leaving them running on SANDBOX_PORTS.
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    stdout: "pipe",
    // E2E_DATABASE_URL: the same suite on PostgreSQL (a fresh database; CI's .ci/run).
    env: {
      PORT: String(port),
      SANDBOX_PORTS: process.env.SANDBOX_PORTS,
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: "1000000",
      LOG_LEVEL: "warn",
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
