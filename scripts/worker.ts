// `npm run worker`: background jobs without the web server, for scaling them apart.
// With PGlite only one process may open the data directory, and the web process runs the
// workers itself: run it against PostgreSQL. `--embedded` runs it on DATA_DIR's embedded
// database instead, for when no web process uses that directory (tests, maintenance).
import { getConfig } from "../lib/config";
import { getDatabase } from "../lib/db/client";
import { migrate } from "../lib/db/migrate";
import { startWorkers } from "../lib/workers/run-workers";

const config = getConfig();
if (!config.DATABASE_URL && !process.argv.includes("--embedded")) {
  console.error(
    "npm run worker needs DATABASE_URL: the embedded database belongs to the web process, which runs the workers itself.\n" +
      "(`npm run worker -- --embedded` uses DATA_DIR's embedded database when no web process does.)",
  );
  process.exit(1);
}
const database = await getDatabase();
await migrate(database);
const workers = await startWorkers({ database });
console.log("worker running; Ctrl-C stops it");
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, async () => {
    await workers.stop();
    await database.close();
    process.exit(0);
  });
}
