// A throw-away sandbox for tests (with the Tron node when asked): its own temporary data directory, its chains on ports the
// system picks (port 0: nothing to race for, and never the 18545… of a running `npm start`),
// no background timers. To make the app's getPublicClient() reach it, pointAppAtSandbox()
// sets SANDBOX_PORTS to its `ports` (no RPC_URL_* set) and resets config and clients.
//
// A sandbox stopped and started again (the restore tests) is started on port 0 again: its
// state lives in the data directory, not on a port, and a port given back to the system
// cannot be held for a later start. Read the new `urls`/`ports` and point the app again.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePorts } from "../../scripts/free-ports.mjs";
import { resetPublicClients } from "../chains/clients";
import { EVM_NETWORK_IDS, type EvmNetworkId } from "../chains/networks";
import { resetConfigForTests, rpcEnvName, SANDBOX_NETWORKS, type SandboxPorts, sandboxPortsEnv } from "../config";
import { type Sandbox, startSandbox } from "./sandbox";

/** Every sandbox chain on port 0: the system picks, and the started sandbox's `ports` tells. */
export const PORTS_THE_SYSTEM_PICKS = Object.fromEntries(SANDBOX_NETWORKS.map((n) => [n, 0])) as SandboxPorts;

/**
 * A full SANDBOX_PORTS for the app: the given chains' ports (servers listening now), and for
 * every other chain a port the kernel just handed out, where nothing listens (as for a chain
 * the sandbox did not start: the app's calls to it fail, as they would on any unserved port).
 */
export async function sandboxPortsWith(given: Partial<SandboxPorts>): Promise<SandboxPorts> {
  const missing = SANDBOX_NETWORKS.filter((n) => !given[n]);
  const spare = await freePorts(missing.length);
  return { ...Object.fromEntries(missing.map((n, i) => [n, spare[i]])), ...given } as SandboxPorts;
}

export interface TestSandbox extends Sandbox {
  dataDir: string;
  /** The started chains' ports, and unserved ones for the rest (sandboxPortsWith). */
  ports: SandboxPorts;
  /** stop() and delete the data directory. */
  dispose(): Promise<void>;
}

export async function startTestSandbox(
  networks: readonly EvmNetworkId[] = ["base"],
  options: { tron?: boolean } = {},
): Promise<TestSandbox> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "stablelink-sandbox-"));
  try {
    const sandbox = await startSandbox({
      dataDir,
      ports: PORTS_THE_SYSTEM_PICKS,
      networks,
      tron: options.tron,
      persistEveryMs: 0,
      refreshPricesEveryMs: 0,
    });
    return {
      ...sandbox,
      dataDir,
      ports: await sandboxPortsWith(sandbox.ports),
      async dispose() {
        await sandbox.stop();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Points the app's configuration (getConfig, getPublicClient) at a test sandbox: sandbox mode
 * on its ports, no RPC URL. Returns the function that restores the previous environment.
 */
export function pointAppAtSandbox(sandbox: { ports: SandboxPorts }): () => void {
  const saved = { ...process.env };
  for (const n of EVM_NETWORK_IDS) delete process.env[rpcEnvName(n)];
  delete process.env.TRONGRID_URL; // the sandbox's Tron node, when it runs one
  process.env.SANDBOX_PORTS = sandboxPortsEnv(sandbox.ports);
  resetConfigForTests();
  resetPublicClients();
  return () => {
    process.env = saved;
    resetConfigForTests();
    resetPublicClients();
  };
}
