// Whether a process recorded in a pid file still runs: the sandbox's orphan anvils
// (lib/devnet/orphans.ts) and the process holding an embedded database (lib/db/pglite-owner.ts).
import { readFileSync } from "node:fs";

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // An exited process stays a zombie until its parent reaps it, which some container init
  // processes never do; it is gone for our purposes.
  if (process.platform !== "linux") return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}
