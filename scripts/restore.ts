// `npm run restore -- <file> [--force] [--keep-chains]`: a backup of `npm run backup` into
// DATA_DIR (empty, or --force), while no server runs on it (lib/backup/backup-archive.ts).
// At its next start detection reads the chains from the backup's cursors on: what was paid
// since is found again, once. With DATABASE_URL it prints PostgreSQL's procedure.
// docs/deployment.md "Backup and restore", docs/decisions/backup-restore.md.
import { BackupError, restoreDataDir } from "../lib/backup/backup-archive";
import { getConfig } from "../lib/config";
import { readMigrations } from "../lib/db/migrate";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
const unknown = args.filter((a) => a.startsWith("--") && a !== "--force" && a !== "--keep-chains");
if (!file || unknown.length > 0) {
  console.error("usage: npm run restore -- <backup.tar.gz> [--force] [--keep-chains]");
  process.exit(2);
}
const config = getConfig();

if (config.DATABASE_URL) {
  console.error(
    [
      "DATABASE_URL is set: restoring PostgreSQL is the server's procedure, not run from here.",
      "Stop every web and worker process, then into a new, empty database:",
      `  createdb stablelink_restored && pg_restore --no-owner --dbname=<its URL> ${file}`,
      "point DATABASE_URL at it, set the ENCRYPTION_KEY of the backup, and start: detection reads on from the",
      "backup's cursors. Point-in-time recovery: docs/deployment.md, Backup and restore.",
    ].join("\n"),
  );
  process.exit(1);
}

try {
  const manifest = await restoreDataDir({
    file,
    dataDir: config.DATA_DIR,
    force: args.includes("--force"),
    keepChains: args.includes("--keep-chains"),
    knownMigrations: readMigrations().map((m) => m.name),
  });
  console.log(`Restored the backup of ${manifest.createdAt} into ${config.DATA_DIR}`);
  console.log(`  database: ${manifest.database.migrations.length} migrations (the next start applies newer ones)`);
  if (args.includes("--keep-chains")) console.log("  chains: kept as they were in DATA_DIR");
  else for (const c of manifest.chains) console.log(`  chain ${c.network}: block ${c.height ?? "?"}`);
  if (manifest.encryptionKey === "not-in-archive")
    console.log(
      "  the archive holds no encryption-key file: start with the ENCRYPTION_KEY the backup's data was encrypted with",
    );
  console.log("Start the service: payment detection reads the chains from the backup's cursors on.");
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
