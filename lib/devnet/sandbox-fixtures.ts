// A throw-away sandbox for tests: its own temporary data directory and free ports, no
// background timers. To make the app's getPublicClient() reach it, set SANDBOX_PORT_BASE to
// `portBase` (no RPC_URL_* set), then resetConfigForTests() and resetPublicClients().
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { resetPublicClients } from "../chains/clients";
import { EVM_NETWORK_IDS, type EvmNetworkId } from "../chains/networks";
import { resetConfigForTests, rpcEnvName } from "../config";
import { freePortBase } from "./ports";
import { type Sandbox, startSandbox } from "./sandbox";

export interface TestSandbox extends Sandbox {
  dataDir: string;
  portBase: number;
  /** stop() and delete the data directory. */
  dispose(): Promise<void>;
}

export async function startTestSandbox(networks: readonly EvmNetworkId[] = ["base"]): Promise<TestSandbox> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "stablelink-sandbox-"));
  const portBase = await freePortBase();
  try {
    const sandbox = await startSandbox({ dataDir, portBase, networks, persistEveryMs: 0, refreshPricesEveryMs: 0 });
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
  process.env.SANDBOX_PORT_BASE = String(sandbox.portBase);
  resetConfigForTests();
  resetPublicClients();
  return () => {
    process.env = saved;
    resetConfigForTests();
    resetPublicClients();
  };
}
