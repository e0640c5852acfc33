// `npm run worker`: background jobs without the web server, for scaling them apart.
// With PGlite only one process may open the data directory: run it against PostgreSQL.
import { getConfig } from "../lib/config";
import { getDatabase } from "../lib/db/client";
import { migrate } from "../lib/db/migrate";
import { startWorkers } from "../lib/jobs/run-workers";

const config = getConfig();
if (!config.DATABASE_URL) {
  console.error("npm run worker needs DATABASE_URL: the embedded database belongs to the web process, which runs the workers itself.");
  process.exit(1);
}
await migrate(await getDatabase());
const stop = startWorkers();
console.log("worker running; Ctrl-C stops it");
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, async () => {
    stop();
    await (await getDatabase()).close();
    process.exit(0);
  });
}
