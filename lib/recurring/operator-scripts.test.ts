// The operator's scripts, run as an operator runs them (npm scripts, real processes) against
// a sandbox chain: `contracts:deploy` deploys a working proxy and prints its address line;
// `chain:time` moves the chain's clock.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type Address, getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVM_NETWORK_IDS } from "../chains/networks";
import { recurringProxyAbi } from "../chains/recurring-proxy";
import { rpcEnvName, sandboxPortsEnv } from "../config";
import { DEMO_WALLETS } from "../devnet/accounts";
import { startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { chainClients } from "../test/send-calldata";

const run = promisify(execFile);
let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox(["base"]);
}, 120_000);
afterAll(async () => {
  await sandbox?.dispose();
});

function envWithout(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  for (const n of EVM_NETWORK_IDS) if (!(rpcEnvName(n) in extra)) delete env[rpcEnvName(n)];
  return env;
}

describe("operator scripts", () => {
  it("contracts:deploy deploys the recurring proxy with the configured relayer and prints RECURRING_PROXY_BASE=<address>", async () => {
    const relayer = DEMO_WALLETS[7].address;
    const { stdout } = await run("npx", ["tsx", "scripts/deploy-contracts.ts", "--network", "base"], {
      env: envWithout({
        RPC_URL_BASE: sandbox.urls.base!,
        DEPLOYER_PRIVATE_KEY: DEMO_WALLETS[6].privateKey,
        RECURRING_RELAYER_ADDRESS: relayer,
      }),
    });
    const address = /^RECURRING_PROXY_BASE=(0x[0-9a-fA-F]{40})$/m.exec(stdout)?.[1] as Address | undefined;
    expect(address, stdout).toBeDefined();
    const { publicClient } = chainClients("base", sandbox.urls.base!);
    expect(
      await publicClient.readContract({ address: address!, abi: recurringProxyAbi, functionName: "relayer" }),
    ).toBe(getAddress(relayer));
  }, 60_000);

  it("contracts:deploy refuses to run without a relayer address", async () => {
    const failed = await run("npx", ["tsx", "scripts/deploy-contracts.ts", "--network", "base"], {
      env: envWithout({ RPC_URL_BASE: sandbox.urls.base!, DEPLOYER_PRIVATE_KEY: DEMO_WALLETS[6].privateKey }),
    }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining("RECURRING_RELAYER_ADDRESS") });
  }, 60_000);

  it("chain:time moves the sandbox chain's clock forward by the given duration", async () => {
    const { publicClient } = chainClients("base", sandbox.urls.base!);
    const before = (await publicClient.getBlock()).timestamp;
    const { stdout } = await run("npx", ["tsx", "scripts/chain-time.ts", "--network", "base", "--forward", "7d"], {
      env: envWithout({ SANDBOX_PORTS: sandboxPortsEnv(sandbox.ports) }),
    });
    expect(stdout).toContain("base: chain time is now");
    const after = (await publicClient.getBlock()).timestamp;
    expect(after - before).toBeGreaterThanOrEqual(7n * 86_400n);
    expect(after - before).toBeLessThan(7n * 86_400n + 60n);
  }, 60_000);
});
