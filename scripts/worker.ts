// `npm run worker`: background jobs without the web server, for scaling them apart.
// With PGlite only one process may open the data directory, and the web process runs the
// workers itself: run it against PostgreSQL. `--embedded` runs it on DATA_DIR's embedded
// database instead, for when no web process uses that directory (tests, maintenance).
// WORKER_HEALTH_PORT: /health/live and /health/ready for the orchestrator (docs/deployment.md).
import { processState } from "../lib/boot/process-state";
import { getConfig } from "../lib/config";
import { getDatabase } from "../lib/db/client";
import { migrate } from "../lib/db/migrate";
import { startHealthServer } from "../lib/health";
import { startWorkers } from "../lib/workers/run-workers";

const config = getConfig();
if (!config.DATABASE_URL && !process.argv.includes("--embedded")) {
  console.error(
    "npm run worker needs DATABASE_URL: the embedded database belongs to the web process, which runs the workers itself.\n" +
      "(`npm run worker -- --embedded` uses DATA_DIR's embedded database when no web process does.)",
  );
  process.exit(1);
}
const health = config.WORKER_HEALTH_PORT === undefined ? null : await startHealthServer(config.WORKER_HEALTH_PORT);
const state = processState();
const database = await getDatabase();
await migrate(database);
state.workers = "starting";
const workers = await startWorkers({ database });
state.workers = "running";
state.booted = true;
console.log(`worker running${health ? `; health on port ${health.port}` : ""}; Ctrl-C stops it`);
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, async () => {
    // Not ready from now on; jobs in flight finish or are left to their leases.
    state.draining = true;
    await workers.stop();
    state.workers = "stopped";
    await database.close();
    await health?.close();
    process.exit(0);
  });
}
