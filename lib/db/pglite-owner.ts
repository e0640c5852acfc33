// Which process has an embedded database open. PGlite takes no lock on its directory (two
// processes can open it at once, and a second writer corrupts it), and the postmaster.pid it
// writes carries no real pid. So whoever opens a PGlite directory writes `<dir>.pid` with its
// own pid and removes it on close; `npm run backup` and `npm run restore` refuse a directory a
// live process holds (docs/decisions/backup-restore.md). Nothing else refuses: the file is a
// marker for those offline tools, not a lock the server waits on.
import fs from "node:fs";
import { processAlive } from "../process-alive";

export function ownerFileOf(dir: string): string {
  return `${dir.replace(/[/\\]+$/, "")}.pid`;
}

/** Marks `dir` as open by this process. */
export function claimPgliteDir(dir: string): void {
  fs.writeFileSync(ownerFileOf(dir), JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
}

/** Removes the mark, unless another process wrote its own since. */
export function releasePgliteDir(dir: string): void {
  if (pgliteDirOwner(dir) === process.pid) fs.rmSync(ownerFileOf(dir), { force: true });
}

/** The pid of the live process that has `dir` open, if any (this process included). */
export function pgliteDirOwner(dir: string): number | undefined {
  let pid: unknown;
  try {
    pid = (JSON.parse(fs.readFileSync(ownerFileOf(dir), "utf8")) as { pid?: unknown }).pid;
  } catch {
    return undefined; // no file, or not ours: nobody we know of
  }
  return typeof pid === "number" && processAlive(pid) ? pid : undefined;
}
