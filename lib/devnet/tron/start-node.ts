// Starts the sandbox Tron chain: its TVM (an anvil on a port the system picks), the node's
// ledger, and the HTTP API on `port` (0 in tests; under `npm start` the Tron port of the
// sandbox's ports, lib/config.ts). State lives in <dataDir>/chains/tron.json: the ledger and
// the anvil state of one moment, in one file written atomically, so the two never disagree
// after a restart.
// Written whenever a block was added (checked every `persistEveryMs`) and on stop.
import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { log } from "../../log";
import { type Anvil, rpcRequest, startAnvil } from "../anvil";
import { fileExists, readDump, setAsideState, writeFileAtomically } from "../chain-state";
import { removePidFile, writePidFile } from "../orphans";
import { TRON_CHAIN_ID } from "./chain-params";
import { createTronHttpServer } from "./http-api";
import { emptyLedger, type LedgerState } from "./ledger";
import { TronNode } from "./node";
import { placeTronContracts, setUpTronLedger, TRON_SETUP_VERSION } from "./setup";
import { Tvm } from "./tvm";

export interface TronSandboxOptions {
  dataDir: string;
  port: number;
  host?: string;
  persistEveryMs?: number; // default 1 s; 0: only at start and stop
  detached?: boolean; // the TVM's anvil in its own process group (see AnvilOptions)
}

export interface TronSandbox {
  url: string;
  port: number;
  stateFile: string;
  restored: boolean;
  startMs: number;
  node: TronNode;
  persist(): Promise<void>;
  stop(): Promise<void>;
}

interface SavedChain {
  version: 1;
  setupVersion: number;
  ledger: LedgerState;
  evm: string; // anvil_dumpState's answer as is (gzipped JSON, hex): its u64/u128 numbers outgrow JS numbers
}

export function tronStateFile(dataDir: string): string {
  return path.join(dataDir, "chains", "tron.json");
}

/** anvil's flags for the TVM: Tron's chain id, no gas money (energy is billed by the node). */
const TVM_ARGS = ["--base-fee", "0", "--balance", "0", "--hardfork", "cancun", "--disable-block-gas-limit"];

async function readSaved(file: string): Promise<SavedChain | undefined> {
  if (!(await fileExists(file))) return undefined;
  try {
    const saved = JSON.parse(await fs.readFile(file, "utf8")) as SavedChain;
    if (saved.version === 1 && saved.setupVersion === TRON_SETUP_VERSION) return saved;
    log.warn({ file }, "tron sandbox: the saved chain is of an older set-up; starting a new chain");
  } catch (err) {
    log.error({ file, err }, "tron sandbox: the saved chain could not be read; starting a new chain");
  }
  await setAsideState(file);
  return undefined;
}

/** The TVM anvil a killed run left behind holds no state worth keeping (its ledger died with it). */
function killOrphan(pidFile: string): void {
  try {
    const { pid } = JSON.parse(readFileSync(pidFile, "utf8")) as { pid: number };
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    if (cmdline.includes("anvil") && cmdline.includes(String(TRON_CHAIN_ID))) process.kill(pid, "SIGKILL");
  } catch {
    // no pid file, no such process, or not Linux: nothing to stop
  }
}

export async function startTronSandbox(options: TronSandboxOptions): Promise<TronSandbox> {
  const started = Date.now();
  const stateFile = tronStateFile(options.dataDir);
  const pidFile = path.join(options.dataDir, "chains", "tron-tvm.pid");
  await fs.mkdir(path.dirname(stateFile), { recursive: true });
  killOrphan(pidFile);
  const saved = await readSaved(stateFile);
  // anvil reads the TVM part of the saved chain at start (--load-state takes a file of its own).
  const evmFile = `${stateFile}.evm.tmp`;
  if (saved) await fs.writeFile(evmFile, await readDump(saved.evm));
  const anvil: Anvil = await startAnvil({
    port: 0,
    chainId: TRON_CHAIN_ID,
    extraArgs: TVM_ARGS,
    loadState: saved ? evmFile : undefined,
    detached: options.detached ?? false,
  }).finally(() => fs.rm(evmFile, { force: true }));
  let server: http.Server | undefined;
  try {
    await writePidFile(pidFile, { pid: anvil.pid, port: anvil.port, chainId: TRON_CHAIN_ID });
    const tvm = new Tvm(anvil.url);
    let node: TronNode;
    if (saved) {
      node = await TronNode.open(tvm, saved.ledger);
    } else {
      await placeTronContracts(anvil.url);
      node = await TronNode.open(tvm, emptyLedger());
      await setUpTronLedger(node);
    }

    const persistNow = () =>
      node.exclusive(async () => {
        const dump = await rpcRequest<string>(anvil.url, "anvil_dumpState", [], 60_000);
        const chain: SavedChain = {
          version: 1,
          setupVersion: TRON_SETUP_VERSION,
          ledger: node.snapshot(),
          evm: dump,
        };
        await writeFileAtomically(stateFile, JSON.stringify(chain));
        persistedBlocks = chain.ledger.blocks.length;
      });
    let persistedBlocks = -1;
    await persistNow();

    const srv = createTronHttpServer(node);
    server = srv;
    const host = options.host ?? "127.0.0.1";
    await new Promise<void>((resolve, reject) => {
      srv.once("error", reject);
      srv.listen(options.port, host, () => resolve());
    });
    const address = srv.address();
    const port = typeof address === "object" && address ? address.port : options.port;

    const every = options.persistEveryMs ?? 1_000;
    const timer =
      every > 0
        ? setInterval(() => {
            if (node.ledger.blocks.length !== persistedBlocks)
              persistNow().catch((err) => log.error({ err }, "tron sandbox: could not save the chain"));
          }, every)
        : undefined;
    timer?.unref();

    let stopped: Promise<void> | undefined;
    return {
      url: `http://${host}:${port}`,
      port,
      stateFile,
      restored: Boolean(saved),
      startMs: Date.now() - started,
      node,
      persist: persistNow,
      stop() {
        stopped ??= (async () => {
          if (timer) clearInterval(timer);
          srv.closeAllConnections();
          await new Promise<void>((resolve) => srv.close(() => resolve()));
          await persistNow().catch((err) => log.error({ err }, "tron sandbox: could not save the chain on stop"));
          await anvil.stop();
          await removePidFile(pidFile);
        })();
        return stopped;
      },
    };
  } catch (error) {
    server?.close();
    await anvil.stop();
    await removePidFile(pidFile);
    throw error;
  }
}
