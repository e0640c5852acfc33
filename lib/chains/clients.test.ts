import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests, rpcEnvName, sandboxPortsEnv } from "../config";
import { startAnvil } from "../devnet/anvil";
import { sandboxPortsWith } from "../devnet/sandbox-fixtures";
import { getPublicClient, resetPublicClients, rpcUrlsFor, sandboxRpcUrl, viemChain } from "./clients";
import { EVM_NETWORK_IDS, NETWORKS } from "./networks";

const saved = { ...process.env };

function setEnv(vars: Record<string, string | undefined>): void {
  for (const n of EVM_NETWORK_IDS) delete process.env[rpcEnvName(n)];
  Object.assign(process.env, vars);
  resetConfigForTests();
  resetPublicClients();
}

beforeEach(() => setEnv({}));
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
  resetPublicClients();
});

describe("chain clients", () => {
  it("use viem chains whose ids are the ones in networks.ts", () => {
    for (const n of EVM_NETWORK_IDS) expect(viemChain(n).id).toBe(NETWORKS[n].chainId);
  });

  it("point at one local anvil per network in sandbox mode, on SANDBOX_PORT_BASE + i or on SANDBOX_PORTS", () => {
    setEnv({ SANDBOX_PORT_BASE: "30000" });
    expect(EVM_NETWORK_IDS.flatMap((n) => rpcUrlsFor(n))).toEqual([
      "http://127.0.0.1:30000", // mainnet
      "http://127.0.0.1:30001", // arbitrum-one
      "http://127.0.0.1:30002", // optimism
      "http://127.0.0.1:30003", // base
      "http://127.0.0.1:30004", // matic
      "http://127.0.0.1:30005", // bsc
      "http://127.0.0.1:30006", // sepolia
    ]);
    setEnv({ SANDBOX_PORT_BASE: "30000", SANDBOX_PORTS: "40007,40006,40005,40004,40003,40002,40001,40000" });
    expect(rpcUrlsFor("mainnet")).toEqual(["http://127.0.0.1:40007"]);
    expect(sandboxRpcUrl("bsc")).toBe("http://127.0.0.1:40002");
  });

  it("use the configured RPC URL, and refuse a network without one outside the sandbox", () => {
    setEnv({ RPC_URL_BASE: "https://base.example.org/rpc" });
    expect(rpcUrlsFor("base")).toEqual(["https://base.example.org/rpc"]);
    expect(() => rpcUrlsFor("mainnet")).toThrow("RPC_URL_MAINNET");
  });

  it("are created once per network until reset", () => {
    const client = getPublicClient("matic");
    expect(getPublicClient("matic")).toBe(client);
    expect(client.chain.id).toBe(137);
    resetPublicClients();
    expect(getPublicClient("matic")).not.toBe(client);
  });

  it("reach the sandbox anvil of the network", async () => {
    const anvil = await startAnvil({ port: 0, chainId: 10 });
    try {
      setEnv({ SANDBOX_PORTS: sandboxPortsEnv(await sandboxPortsWith({ optimism: anvil.port })) });
      expect(await getPublicClient("optimism").getChainId()).toBe(10);
    } finally {
      await anvil.stop();
    }
  });
});
