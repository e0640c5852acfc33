// `npm run db:migrate`: apply pending migrations and exit (the server also does it at start-up).
import { getConfig } from "../lib/config";
import { getDatabase } from "../lib/db/client";
import { migrate } from "../lib/db/migrate";

try {
  getConfig();
  const database = await getDatabase();
  const applied = await migrate(database);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
  await database.close();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
