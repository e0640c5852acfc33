// `npm run test:e2e`: find a Chromium on this machine (Playwright's own download is not
// available offline), start from an empty data directory, run Playwright. With
// E2E_DATABASE_URL (a fresh, empty PostgreSQL database) the server runs on it instead of PGlite.
// The server's port (E2E_PORT) and its sandbox chains' (SANDBOX_PORTS) come from the kernel, so
// the suite runs beside a `npm start` that holds 3000 and 18545…; given ones are kept.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePorts } from "./free-ports.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const candidates = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
].filter(Boolean);
const chromium = candidates.find((p) => fs.existsSync(p));
if (!chromium) {
  console.error(
    "No Chromium found for the browser tests. Install it (Debian: `apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium/Chrome binary.\nLooked in: " +
      candidates.join(", "),
  );
  process.exit(1);
}
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? path.join(root, ".data", "e2e"));
stopLeftoverChains(path.join(dataDir, "chains"));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true }); // on PostgreSQL nothing else creates it before the files below

// An orchestrator, onboarded the way operators do it (scripts/orchestrator.ts), for the browser
// tests of orchestrator links. It runs before the server, which then owns the PGlite directory.
const onboarded = spawnSync(
  path.join(root, "node_modules", ".bin", "tsx"),
  ["scripts/orchestrator.ts", "create", "E2E Orchestrator"],
  {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
    encoding: "utf8",
  },
);
const orchestratorId = onboarded.stdout.match(/orchestratorId:\s+(\S+)/)?.[1];
const orchestratorKey = onboarded.stdout.match(/^\s+key:\s+(\S+)/m)?.[1];
if (onboarded.status !== 0 || !orchestratorId || !orchestratorKey) {
  console.error(`Could not create the e2e orchestrator:\n${onboarded.stdout}${onboarded.stderr}`);
  process.exit(1);
}
fs.writeFileSync(
  path.join(dataDir, "e2e-orchestrator.json"),
  JSON.stringify({ name: "E2E Orchestrator", orchestratorId, orchestratorKey }) + "\n",
  { mode: 0o600 },
);
// A previous run killed hard leaves its sandbox anvils running (they have their own process
// group); their pid files are in the data directory about to be deleted: stop them first.
function stopLeftoverChains(dir) {
  if (!fs.existsSync(dir)) return;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".pid"))) {
    try {
      const { pid } = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
      if (fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("anvil")) process.kill(pid, "SIGTERM");
    } catch {
      /* gone already, or not ours */
    }
  }
}
// One for the server, eight for the sandbox: the seven EVM chains, then the Tron node (lib/config.ts SANDBOX_NETWORKS).
const [serverPort, ...chainPorts] = await freePorts(1 + 8);
const r = spawnSync(path.join(root, "node_modules", ".bin", "playwright"), ["test", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    E2E_PORT: process.env.E2E_PORT || String(serverPort),
    SANDBOX_PORTS: process.env.SANDBOX_PORTS || chainPorts.join(","),
    CHROMIUM_PATH: chromium,
    E2E_DATA_DIR: dataDir,
    NEXT_TELEMETRY_DISABLED: "1",
  },
});
process.exit(r.status ?? 1);
