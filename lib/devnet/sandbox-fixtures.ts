// A throw-away sandbox for tests (with the Tron node when asked): its own temporary data
// directory and free ports, no background timers. To make the app's getPublicClient() reach it,
// set SANDBOX_PORT_BASE to `portBase` (no RPC_URL_* set), then resetConfigForTests() and
// resetPublicClients().
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { resetPublicClients } from "../chains/clients";
import { EVM_NETWORK_IDS, type EvmNetworkId } from "../chains/networks";
import { resetConfigForTests, rpcEnvName, TRON_SANDBOX_PORT_OFFSET } from "../config";
import { freePortBase } from "./ports";
import { type Sandbox, startSandbox } from "./sandbox";

export interface TestSandbox extends Sandbox {
  dataDir: string;
  portBase: number;
  /** stop() and delete the data directory. */
  dispose(): Promise<void>;
}

export async function startTestSandbox(
  networks: readonly EvmNetworkId[] = ["base"],
  options: { tron?: boolean } = {},
): Promise<TestSandbox> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "stablelink-sandbox-"));
  // The Tron node listens after the EVM anvils (TRON_SANDBOX_PORT_OFFSET).
  const portBase = await freePortBase(options.tron ? TRON_SANDBOX_PORT_OFFSET + 1 : undefined);
  try {
    const sandbox = await startSandbox({
      dataDir,
      portBase,
      networks,
      tron: options.tron,
      persistEveryMs: 0,
      refreshPricesEveryMs: 0,
    });
    return {
      ...sandbox,
      dataDir,
      portBase,
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
export function pointAppAtSandbox(sandbox: Pick<TestSandbox, "portBase">): () => void {
  const saved = { ...process.env };
  for (const n of EVM_NETWORK_IDS) delete process.env[rpcEnvName(n)];
  delete process.env.TRONGRID_URL; // the sandbox's Tron node, when it runs one
  process.env.SANDBOX_PORT_BASE = String(sandbox.portBase);
  resetConfigForTests();
  resetPublicClients();
  return () => {
    process.env = saved;
    resetConfigForTests();
    resetPublicClients();
  };
}
