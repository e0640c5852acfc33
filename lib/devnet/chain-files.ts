// The sandbox chains' state files in <DATA_DIR>/chains (one per EVM network, `tron.json` for
// the Tron node; lib/devnet/sandbox.ts, tron/start-node.ts) as a backup reads them, and whether
// a process still runs the chains (its anvils' pid files), when the files would keep moving.
import fs from "node:fs/promises";
import path from "node:path";
import { processAlive } from "../process-alive";

export interface ChainStateFile {
  /** `chains/<network>.json`, relative to the data directory. */
  name: string;
  network: string;
  /** The newest block the state holds, when the file says. */
  height: number | null;
  data: Buffer;
}

const STATE_FILE = /^([a-z0-9-]+)\.json$/; // not `*.tmp`, `*.unloadable-*`, `*.pid`

export function chainsDirOf(dataDir: string): string {
  return path.join(dataDir, "chains");
}

async function listChains(dataDir: string): Promise<string[]> {
  return fs.readdir(chainsDirOf(dataDir)).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
}

export async function readChainStateFiles(dataDir: string): Promise<ChainStateFile[]> {
  const files: ChainStateFile[] = [];
  for (const entry of (await listChains(dataDir)).sort()) {
    const network = STATE_FILE.exec(entry)?.[1];
    if (!network) continue;
    const data = await fs.readFile(path.join(chainsDirOf(dataDir), entry));
    files.push({ name: `chains/${entry}`, network, height: heightOf(network, data), data });
  }
  return files;
}

/** anvil's dump names its newest block (`best_block_number`, else `block.number`); the Tron node's ledger lists its blocks. */
function heightOf(network: string, data: Buffer): number | null {
  try {
    const state = JSON.parse(data.toString("utf8")) as {
      best_block_number?: string | number;
      block?: { number?: string | number };
      ledger?: { blocks?: { number: number }[] };
    };
    if (network === "tron") return state.ledger?.blocks?.at(-1)?.number ?? null;
    const n = state.best_block_number ?? state.block?.number;
    return n === undefined ? null : Number(n);
  } catch {
    return null;
  }
}

/** The pid files (`chains/<name>.pid`) whose process still runs: chains that are up. */
export async function runningChains(dataDir: string): Promise<string[]> {
  const running: string[] = [];
  for (const entry of await listChains(dataDir)) {
    if (!entry.endsWith(".pid")) continue;
    const raw = await fs.readFile(path.join(chainsDirOf(dataDir), entry), "utf8").catch(() => "");
    let pid: unknown;
    try {
      pid = (JSON.parse(raw) as { pid?: unknown }).pid;
    } catch {
      continue;
    }
    if (typeof pid === "number" && processAlive(pid)) running.push(entry.replace(/\.pid$/, ""));
  }
  return running;
}
