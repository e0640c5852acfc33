// The sandbox: one anvil per EVM network, with the production chain id, set up once to look
// like production (setup-chain.ts) and persisted under <dataDir>/chains/ so a restart keeps
// balances and history; with `tron`, the Tron sandbox node too (tron/start-node.ts, which saves
// itself the same way). The app starts it when no RPC URL is configured and must call
// stop() on shutdown (SIGTERM/SIGINT): that is what saves the last blocks.
//
// Persistence and the database. The database must not point at transactions that vanished
// on restart, so the chain state is written often and atomically (chain-state.ts):
//   - after set-up and after the price refresh of each start;
//   - whenever the head block changed, checked every `persistEveryMs` (default 1 s);
//   - on stop(), before anvil is terminated;
//   - from an orphaned anvil a crashed run left behind (orphans.ts), before it is stopped.
// What remains is a crash of the machine (or of anvil itself) within that second: the chain
// comes back up to a second behind the database. No write frequency closes that gap (the
// database and the chain are two stores without a common commit), so the app detects it
// instead, with detection's continuity check (lib/payments/indexer/chain-continuity.ts: a block
// it recorded is missing or has another hash), and treats it like a reorg: the same code path
// production needs anyway.
import fs from "node:fs/promises";
import path from "node:path";
import { EVM_NETWORK_IDS, type EvmNetworkId, NETWORKS } from "../chains/networks";
import { getConfig, type SandboxNetwork, type SandboxPorts } from "../config";
import { log } from "../log";
import { type Anvil, startAnvil } from "./anvil";
import { dumpChainState, fileExists, setAsideState } from "./chain-state";
import { actAsAdmin, type DevChain, devChain } from "./dev-chain";
import { reapOrphanAnvil, removePidFile, writePidFile } from "./orphans";
import { refreshPriceFeeds } from "./price-feeds";
import { isSetUp, setUpChain } from "./setup-chain";
import { startTronSandbox, type TronSandbox } from "./tron/start-node";

export interface SandboxOptions {
  dataDir: string;
  networks?: readonly EvmNetworkId[]; // default: all seven
  /**
   * Where each chain listens; default: the configured SANDBOX_PORTS / SANDBOX_PORT_BASE + i. A
   * port of 0 lets the system pick (tests): `ports` of the sandbox then tells where it listens.
   */
  ports?: SandboxPorts;
  persistEveryMs?: number; // head check interval; 0: persist only at start and stop
  refreshPricesEveryMs?: number; // re-post price feeds so rates stay fresh; 0: only at start
  detached?: boolean; // anvils in their own process group (the app's sandbox; see AnvilOptions)
  /** Also start the Tron sandbox node (lib/devnet/tron) on `ports.tron`. */
  tron?: boolean;
}

export interface SandboxTron {
  url: string;
  stateFile: string;
  restored: boolean;
  startMs: number;
}

export interface SandboxChain {
  network: EvmNetworkId;
  chainId: number;
  url: string;
  stateFile: string;
  restored: boolean; // started from a state file that was already set up
  startMs: number;
}

export interface Sandbox {
  urls: Partial<Record<EvmNetworkId, string>>;
  /** Where the started chains listen (the ports picked by the system where 0 was asked). */
  ports: Partial<SandboxPorts>;
  chains: SandboxChain[];
  /** The Tron sandbox node, when started (`tron: true`). */
  tron?: SandboxTron;
  /** Writes every chain's state now (e.g. before a backup of the data directory). */
  persist(): Promise<void>;
  /** Re-posts all price feeds (after moving chain time forward, for instance). */
  refreshPrices(): Promise<void>;
  stop(): Promise<void>;
}

interface Running {
  chain: SandboxChain;
  anvil: Anvil;
  dev: DevChain;
  pidFile: string;
  persistedHead: bigint | undefined;
  queue: Promise<void>; // dumps and refreshes of one chain run one at a time
}

export function stateFileOf(dataDir: string, network: EvmNetworkId): string {
  return path.join(dataDir, "chains", `${network}.json`);
}

async function startChain(network: EvmNetworkId, dataDir: string, port: number, detached: boolean): Promise<Running> {
  const started = Date.now();
  const chainId = NETWORKS[network].chainId;
  const stateFile = stateFileOf(dataDir, network);
  const pidFile = path.join(dataDir, "chains", `${network}.pid`);
  await fs.mkdir(path.dirname(stateFile), { recursive: true });

  if (await reapOrphanAnvil(pidFile, stateFile))
    log.warn({ network }, "sandbox: saved and stopped an anvil left running by a previous run");

  let anvil: Anvil;
  const hadState = await fileExists(stateFile);
  try {
    anvil = await startAnvil({ port, chainId, loadState: hadState ? stateFile : undefined, detached });
  } catch (error) {
    // Only a state anvil refused (it exits at once, "failed to load state") is set aside; a
    // slow start or a busy port must not cost the chain its history.
    if (!hadState || !(error instanceof Error && error.message.includes("exited during start-up"))) throw error;
    const aside = await setAsideState(stateFile);
    log.error({ network, aside, err: error }, "sandbox: anvil could not load the chain state; starting a new chain");
    anvil = await startAnvil({ port, chainId, detached });
  }
  try {
    await writePidFile(pidFile, { pid: anvil.pid, port: anvil.port, chainId });
    const dev = devChain(anvil.url);
    const restored = await isSetUp(dev);
    if (restored) {
      await actAsAdmin(dev);
      await refreshPriceFeeds(dev, network);
    } else {
      await setUpChain(anvil.url, network);
    }
    await dumpChainState(anvil.url, stateFile);
    const head = await dev.public.getBlockNumber();
    return {
      chain: { network, chainId, url: anvil.url, stateFile, restored, startMs: Date.now() - started },
      anvil,
      dev,
      pidFile,
      persistedHead: head,
      queue: Promise.resolve(),
    };
  } catch (error) {
    await anvil.stop();
    await removePidFile(pidFile);
    throw error;
  }
}

function enqueue(r: Running, task: () => Promise<void>): Promise<void> {
  const next = r.queue.then(task, task);
  r.queue = next.catch((err) => log.error({ network: r.chain.network, err }, "sandbox: background task failed"));
  return next;
}

async function persistNow(r: Running): Promise<void> {
  const head = await r.dev.public.getBlockNumber();
  await dumpChainState(r.chain.url, r.chain.stateFile);
  r.persistedHead = head;
}

// Cheat RPCs (anvil_setBalance…) change state without a block; persistNow() catches those.
async function persistIfMoved(r: Running): Promise<void> {
  const head = await r.dev.public.getBlockNumber();
  if (head !== r.persistedHead) await persistNow(r);
}

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const networks = options.networks ?? EVM_NETWORK_IDS;
  const ports = options.ports ?? getConfig().sandboxPorts;
  const persistEveryMs = options.persistEveryMs ?? 1_000;
  const refreshPricesEveryMs = options.refreshPricesEveryMs ?? 10 * 60_000;

  const [tronResult, ...results] = await Promise.allSettled([
    options.tron
      ? startTronSandbox({
          dataDir: options.dataDir,
          port: ports.tron,
          persistEveryMs,
          detached: options.detached,
        })
      : Promise.resolve(undefined),
    ...networks.map((n) => startChain(n, options.dataDir, ports[n], options.detached ?? false)),
  ]);
  const running = (results as PromiseSettledResult<Running>[]).flatMap((r) =>
    r.status === "fulfilled" ? [r.value] : [],
  );
  const tron: TronSandbox | undefined = tronResult.status === "fulfilled" ? tronResult.value : undefined;
  const failed = [tronResult, ...results].find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) {
    await Promise.all([...running.map((r) => r.anvil.stop().then(() => removePidFile(r.pidFile))), tron?.stop()]);
    throw failed.reason;
  }

  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, task: (r: Running) => Promise<void>) => {
    if (ms <= 0) return;
    // Failures are logged by enqueue; the next tick tries again.
    const timer = setInterval(() => running.forEach((r) => enqueue(r, () => task(r)).catch(() => undefined)), ms);
    timer.unref(); // the anvil children keep a CLI alive; the timers must not keep a test alive
    timers.push(timer);
  };
  every(persistEveryMs, persistIfMoved);
  every(refreshPricesEveryMs, (r) => refreshPriceFeeds(r.dev, r.chain.network));

  let stopped: Promise<void> | undefined;
  return {
    urls: Object.fromEntries(running.map((r) => [r.chain.network, r.chain.url])),
    ports: Object.fromEntries<number>([
      ...running.map((r): [SandboxNetwork, number] => [r.chain.network, r.anvil.port]),
      ...(tron ? [["tron", tron.port] as [SandboxNetwork, number]] : []),
    ]),
    chains: running.map((r) => r.chain),
    ...(tron
      ? { tron: { url: tron.url, stateFile: tron.stateFile, restored: tron.restored, startMs: tron.startMs } }
      : {}),
    persist: () =>
      Promise.all([...running.map((r) => enqueue(r, () => persistNow(r))), tron?.persist()]).then(() => undefined),
    refreshPrices: () =>
      Promise.all(running.map((r) => enqueue(r, () => refreshPriceFeeds(r.dev, r.chain.network)))).then(
        () => undefined,
      ),
    stop() {
      stopped ??= (async () => {
        timers.forEach(clearInterval);
        await Promise.all([
          tron?.stop().catch((err) => log.error({ err }, "sandbox: could not stop the Tron node")),
          ...running.map(async (r) => {
            await enqueue(r, () => persistNow(r)).catch((err) =>
              log.error({ network: r.chain.network, err }, "sandbox: could not save the chain state on stop"),
            );
            await r.anvil.stop();
            await removePidFile(r.pidFile);
          }),
        ]);
      })();
      return stopped;
    },
  };
}
