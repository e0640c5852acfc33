// An anvil left running by a sandbox process that died without stopping it (SIGKILL, power
// cut of the parent only) holds the port and, more importantly, the newest chain state.
// Before starting a network we look at the pid file the previous run wrote: if that anvil is
// still alive, we save its state first, then stop it, so no block it mined is lost.
import fs from "node:fs/promises";
import { processAlive as alive } from "../process-alive";
import { rpcRequest } from "./anvil";
import { dumpChainState } from "./chain-state";

interface PidRecord {
  pid: number;
  port: number;
  chainId: number;
}

export async function writePidFile(file: string, record: PidRecord): Promise<void> {
  await fs.writeFile(file, JSON.stringify(record));
}

export async function removePidFile(file: string): Promise<void> {
  await fs.rm(file, { force: true });
}

// On Linux the pid must still belong to an anvil: pids are reused.
async function isAnvilProcess(pid: number): Promise<boolean> {
  if (process.platform !== "linux") return true;
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
  return cmdline.includes("anvil");
}

/** Returns true when an orphan was found, saved to `stateFile` and stopped. */
export async function reapOrphanAnvil(pidFile: string, stateFile: string): Promise<boolean> {
  const raw = await fs.readFile(pidFile, "utf8").catch(() => undefined);
  if (raw === undefined) return false;
  let record: PidRecord;
  try {
    record = JSON.parse(raw) as PidRecord;
  } catch {
    await removePidFile(pidFile);
    return false;
  }
  if (!alive(record.pid) || !(await isAnvilProcess(record.pid))) {
    await removePidFile(pidFile);
    return false;
  }
  const url = `http://127.0.0.1:${record.port}`;
  const chainId = await rpcRequest<string>(url, "eth_chainId").catch(() => undefined);
  if (chainId !== undefined && Number(chainId) === record.chainId) {
    await dumpChainState(url, stateFile);
  }
  process.kill(record.pid, "SIGTERM");
  for (let i = 0; i < 250 && alive(record.pid); i++) await new Promise((r) => setTimeout(r, 20));
  if (alive(record.pid)) process.kill(record.pid, "SIGKILL");
  await removePidFile(pidFile);
  return true;
}
