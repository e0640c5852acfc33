import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests, rpcEnvName } from "../config";
import { startAnvil } from "../devnet/anvil";
import { freePortBase } from "../devnet/ports";
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

  it("point at one local anvil per network in sandbox mode", () => {
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
    expect(sandboxRpcUrl("bsc", 18545)).toBe("http://127.0.0.1:18550");
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
    const portBase = await freePortBase();
    setEnv({ SANDBOX_PORT_BASE: String(portBase) });
    const anvil = await startAnvil({ port: portBase + EVM_NETWORK_IDS.indexOf("optimism"), chainId: 10 });
    try {
      expect(await getPublicClient("optimism").getChainId()).toBe(10);
    } finally {
      await anvil.stop();
    }
  });
});
