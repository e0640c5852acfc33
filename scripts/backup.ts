// `npm run backup [file]`: the embedded database and the sandbox chains of DATA_DIR in one
// .tar.gz, taken while no server runs on it (lib/backup/backup-archive.ts). With DATABASE_URL
// the database is PostgreSQL's to back up: pg_dump when it is installed, else the procedure.
// docs/deployment.md "Backup and restore", docs/decisions/backup-restore.md.
import { spawnSync } from "node:child_process";
import { BackupError, backupDataDir } from "../lib/backup/backup-archive";
import { getConfig } from "../lib/config";
import { splitSchemaParam } from "../lib/db/client";

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const config = getConfig();
const target = process.argv[2];

if (config.DATABASE_URL) {
  const file = target ?? `stablelink-${stamp}.dump`;
  const { url, schema } = splitSchemaParam(config.DATABASE_URL);
  // The password goes through the environment, not the command line other users can read.
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  const args = [
    "--format=custom",
    `--file=${file}`,
    ...(schema ? [`--schema=${schema}`, `--schema=${schema}_pgboss`] : []),
    `--dbname=${u.toString()}`,
  ];
  const hasPgDump = spawnSync("pg_dump", ["--version"], { stdio: "ignore" }).status === 0;
  if (!hasPgDump) {
    console.error(
      [
        "DATABASE_URL is set: the database is PostgreSQL's to back up, and pg_dump is not installed here.",
        "Run, where pg_dump (of the server's major version or newer) is installed:",
        `  pg_dump ${args.map((a) => `'${a}'`).join(" ")}   # the password: PGPASSWORD or ~/.pgpass`,
        "and keep ENCRYPTION_KEY (and ENCRYPTION_KEY_PREVIOUS during a rotation) beside it, apart from the dump.",
        "Point-in-time recovery (WAL archiving) and restoring: docs/deployment.md, Backup and restore.",
      ].join("\n"),
    );
    process.exit(1);
  }
  const run = spawnSync("pg_dump", args, { stdio: "inherit", env: { ...process.env, PGPASSWORD: password } });
  if (run.status !== 0) process.exit(run.status ?? 1);
  console.log(`PostgreSQL dump written to ${file} (pg_dump --format=custom; restore with pg_restore).`);
  console.log("Keep ENCRYPTION_KEY (and ENCRYPTION_KEY_PREVIOUS during a rotation) beside it, apart from the dump.");
  process.exit(0);
}

const file = target ?? `stablelink-backup-${stamp}.tar.gz`;
try {
  const manifest = await backupDataDir({ dataDir: config.DATA_DIR, file });
  console.log(`Backup of ${config.DATA_DIR} written to ${file} (mode 600)`);
  console.log(
    `  database: ${manifest.database.migrations.length} migrations, the last ${manifest.database.migrations.at(-1) ?? "—"}`,
  );
  for (const c of manifest.chains) console.log(`  chain ${c.network}: block ${c.height ?? "?"}`);
  console.log(
    manifest.encryptionKey === "in-archive"
      ? "  the encryption key (DATA_DIR/encryption-key) is in the archive: keep the archive as secret as the key"
      : "  no DATA_DIR/encryption-key in the archive: if ENCRYPTION_KEY is set, keep it beside the backup, or the encrypted data is lost",
  );
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
