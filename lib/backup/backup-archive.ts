// `npm run backup` / `npm run restore` for the embedded database (docs/decisions/backup-restore.md):
// one .tar.gz holding a manifest, PGlite's dump of the database, the sandbox chains' state
// files, the local encryption key and the demo credentials. Both run offline: they refuse a
// data directory a live process holds (the server, `npm run chains`), so the database is not
// written while it is dumped and the chain files are of the same moment as the database.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { dumpPglite, loadPglite } from "../db/pglite-archive";
import { ownerFileOf, pgliteDirOwner } from "../db/pglite-owner";
import { chainsDirOf, readChainStateFiles, runningChains } from "../devnet/chain-files";
import { writeFileAtomically } from "../devnet/chain-state";
import { readTar, writeTar } from "./tar";

/** What a refusal says to the person who ran the command; nothing was changed. */
export class BackupError extends Error {}

const FORMAT = "stablelink-backup";
const MANIFEST = "manifest.json";
const DATABASE = "database.tar.gz";
/** Files of the data directory kept beside the database, when present. */
const SIDE_FILES = ["encryption-key", "demo-credentials.json"] as const;

export interface BackupManifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  database: { kind: "pglite"; file: typeof DATABASE; migrations: string[] };
  chains: { network: string; file: string; height: number | null }[];
  /** Whether the archive holds the key the data is encrypted with (else: ENCRYPTION_KEY was set). */
  encryptionKey: "in-archive" | "not-in-archive";
  files: { name: string; bytes: number; sha256: string }[];
}

const isBackupFileName = (name: string) =>
  name === DATABASE || (SIDE_FILES as readonly string[]).includes(name) || /^chains\/[a-z0-9-]+\.json$/.test(name);
const pgliteDirOf = (dataDir: string) => path.join(dataDir, "pglite");
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  return fs.readFile(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return undefined;
    throw err;
  });
}

/** Refuses a data directory a live process has open: its database or its chains would move under us. */
async function assertNotInUse(dataDir: string): Promise<void> {
  const owner = pgliteDirOwner(pgliteDirOf(dataDir));
  if (owner !== undefined)
    throw new BackupError(
      `The database in ${dataDir} is open in process ${owner}: stop the server (Ctrl-C or SIGTERM) and run this again. ` +
        `(If that process is not Stablelink, remove ${ownerFileOf(pgliteDirOf(dataDir))}.)`,
    );
  const chains = await runningChains(dataDir);
  if (chains.length > 0)
    throw new BackupError(
      `Sandbox chains of ${dataDir} are running (${chains.join(", ")}): stop the server or \`npm run chains\` first; they save their state when they stop.`,
    );
}

/** Writes a backup of the embedded database and the sandbox chains of `dataDir` to `file`. */
export async function backupDataDir(opts: { dataDir: string; file: string }): Promise<BackupManifest> {
  const { dataDir } = opts;
  if (
    !(await fs.stat(pgliteDirOf(dataDir)).then(
      (s) => s.isDirectory(),
      () => false,
    ))
  )
    throw new BackupError(`No embedded database in ${dataDir} (expected ${pgliteDirOf(dataDir)})`);
  await assertNotInUse(dataDir);
  const { tarball, migrations } = await dumpPglite(pgliteDirOf(dataDir));
  const chains = await readChainStateFiles(dataDir);
  const entries = [{ name: DATABASE, data: tarball }, ...chains.map((c) => ({ name: c.name, data: c.data }))];
  for (const name of SIDE_FILES) {
    const data = await readIfPresent(path.join(dataDir, name));
    if (data) entries.push({ name, data });
  }
  const manifest: BackupManifest = {
    format: FORMAT,
    version: 1,
    createdAt: new Date().toISOString(),
    database: { kind: "pglite", file: DATABASE, migrations },
    chains: chains.map((c) => ({ network: c.network, file: c.name, height: c.height })),
    encryptionKey: entries.some((e) => e.name === "encryption-key") ? "in-archive" : "not-in-archive",
    files: entries.map((e) => ({ name: e.name, bytes: e.data.length, sha256: sha256(e.data) })),
  };
  const archive = gzipSync(
    writeTar([{ name: MANIFEST, data: Buffer.from(JSON.stringify(manifest, null, 2)) }, ...entries]),
  );
  // Mode 600: the archive holds the encryption key and the demo credentials.
  await writeFileAtomically(path.resolve(opts.file), archive, 0o600);
  return manifest;
}

/** The archive's manifest and files, every file checked against the manifest's checksum. */
export async function readBackup(file: string): Promise<{ manifest: BackupManifest; files: Map<string, Buffer> }> {
  const raw = await fs.readFile(file).catch((err: NodeJS.ErrnoException) => {
    throw new BackupError(`Cannot read ${file}: ${err.code ?? err.message}`);
  });
  let entries: ReturnType<typeof readTar>;
  try {
    entries = readTar(gunzipSync(raw));
  } catch (err) {
    throw new BackupError(`${file} is not a Stablelink backup, or it is damaged (${(err as Error).message})`);
  }
  const files = new Map(entries.map((e) => [e.name, e.data]));
  // Only names a backup writes: a crafted archive must not write outside the data directory.
  const foreign = [...files.keys()].filter((name) => name !== MANIFEST && !isBackupFileName(name));
  if (foreign.length > 0) throw new BackupError(`${file} is not a Stablelink backup (it holds ${foreign.join(", ")})`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(files.get(MANIFEST)?.toString("utf8") ?? "null") as BackupManifest;
  } catch {
    throw new BackupError(`${file} is damaged: its ${MANIFEST} is not JSON`);
  }
  if (manifest?.format !== FORMAT) throw new BackupError(`${file} is not a Stablelink backup (no ${FORMAT} manifest)`);
  if (manifest.version !== 1)
    throw new BackupError(`${file} is a backup of format ${manifest.version}, which this version cannot read`);
  files.delete(MANIFEST);
  for (const f of manifest.files) {
    const data = files.get(f.name);
    if (!data || data.length !== f.bytes || sha256(data) !== f.sha256)
      throw new BackupError(`${file} is damaged: ${f.name} ${data ? "does not match its checksum" : "is missing"}`);
  }
  const unlisted = [...files.keys()].filter((name) => !manifest.files.some((f) => f.name === name));
  if (unlisted.length > 0)
    throw new BackupError(`${file} is damaged: files not in its manifest (${unlisted.join(", ")})`);
  if (!files.has(DATABASE)) throw new BackupError(`${file} is damaged: it holds no database`);
  return { manifest, files };
}

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** Replace the database (and the other files the archive holds) of a data directory that has one. */
  force?: boolean;
  /** Leave the data directory's chains as they are: restore the database only, as with real chains. */
  keepChains?: boolean;
  /** The migrations this version knows; a backup with others was made by a newer version. */
  knownMigrations: string[];
}

/** What of a data directory a restore would replace. */
async function occupied(dataDir: string): Promise<string[]> {
  const entries = await fs.readdir(dataDir).catch(() => [] as string[]);
  return entries.filter((e) => !e.endsWith(".pid"));
}

/** Restores a backup into `dataDir`: empty, or `force`. Refuses before changing anything. */
export async function restoreDataDir(opts: RestoreOptions): Promise<BackupManifest> {
  const { dataDir } = opts;
  const { manifest, files } = await readBackup(opts.file);
  const unknown = manifest.database.migrations.filter((m) => !opts.knownMigrations.includes(m));
  if (unknown.length > 0)
    throw new BackupError(
      `${opts.file} was made by a newer version of Stablelink (migrations unknown here: ${unknown.join(", ")}): restore it with that version`,
    );
  await assertNotInUse(dataDir);
  const present = await occupied(dataDir);
  if (present.length > 0 && !opts.force)
    throw new BackupError(
      `${dataDir} is not empty (${present.join(", ")}): restore into an empty DATA_DIR, or add --force to replace its database` +
        `${opts.keepChains ? "" : ", chains"} and keys`,
    );

  // The database is loaded beside the old one first: a dump that does not load changes nothing.
  await fs.mkdir(dataDir, { recursive: true });
  const staged = path.join(dataDir, "pglite.restoring");
  await fs.rm(staged, { recursive: true, force: true });
  try {
    await loadPglite(staged, files.get(DATABASE)!);
  } catch (err) {
    await fs.rm(staged, { recursive: true, force: true });
    throw new BackupError(`The database in ${opts.file} does not load: ${(err as Error).message}`);
  }
  await fs.rm(pgliteDirOf(dataDir), { recursive: true, force: true });
  await fs.rename(staged, pgliteDirOf(dataDir));

  for (const name of SIDE_FILES) await fs.rm(path.join(dataDir, name), { force: true });
  if (!opts.keepChains) await fs.rm(chainsDirOf(dataDir), { recursive: true, force: true });
  for (const [name, data] of files) {
    if (name === DATABASE || (opts.keepChains && name.startsWith("chains/"))) continue;
    await writeFileAtomically(path.join(dataDir, name), data, 0o600);
  }
  return manifest;
}
