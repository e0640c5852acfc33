// What happens once when a server process starts: migrate, seed the sandbox demo, announce.
import { getConfig } from "../config";
import { getDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { startWorkers } from "../jobs/run-workers";
import { log } from "../log";
import { seedDemoPlatform, credentialsPath } from "../platforms/seed-demo";

const g = globalThis as unknown as { __stablelinkBoot?: Promise<void> };

/** A server that cannot boot (bad configuration, unreachable database) must not serve. */
export async function bootOrExit(): Promise<void> {
  try {
    await bootApp();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

export function bootApp(): Promise<void> {
  g.__stablelinkBoot ??= boot();
  return g.__stablelinkBoot;
}

async function boot(): Promise<void> {
  const config = getConfig();
  const database = await getDatabase();
  const applied = await migrate(database);
  if (applied.length > 0) log.info({ migrations: applied }, "database migrated");
  if (config.RUN_WORKERS) await startWorkers({ database });
  const seed = config.SEED_DEMO ?? config.sandbox;
  if (!seed) return;
  const { created, credentials } = await seedDemoPlatform({ dataDir: config.DATA_DIR, appUrl: config.APP_URL });
  if (!credentials) return;
  // Printed for the person who ran `npm start`; stdout, not the JSON log stream.
  console.log(
    [
      "",
      `  Stablelink ${config.sandbox ? "sandbox" : ""} is ready at ${config.APP_URL}`,
      created ? "  A demo platform was created:" : "  Demo platform:",
      `    API key     ${credentials.apiKey}`,
      `    Client ID   ${credentials.clientId}`,
      `    Dashboard   ${credentials.dashboardUrl}  (${credentials.email} / ${credentials.password})`,
      `    API docs    ${config.APP_URL}/docs`,
      `  Saved in ${credentialsPath(config.DATA_DIR)}`,
      `  Try: curl '${config.APP_URL}/v2/currencies?network=base' -H 'x-api-key: ${credentials.apiKey}'`,
      "",
    ].join("\n"),
  );
}
