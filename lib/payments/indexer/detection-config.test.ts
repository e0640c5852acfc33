// The detection settings read from the environment (lib/config.ts).
import { afterEach, describe, expect, it } from "vitest";
import { rpcWsUrlFor } from "../../chains/clients";
import { EVM_NETWORK_IDS } from "../../chains/networks";
import { ConfigError, parseConfig, resetConfigForTests, rpcEnvName } from "../../config";

describe("payment detection configuration", () => {
  it("in the sandbox: every EVM chain and Tron (its sandbox node), 1 s polling, no confirmations", () => {
    const { detection } = parseConfig({});
    expect(detection.networks).toEqual([
      "mainnet",
      "arbitrum-one",
      "optimism",
      "base",
      "matic",
      "bsc",
      "sepolia",
      "tron",
    ]);
    expect(detection).toMatchObject({ intervalMs: 1000, blockRange: 2000, startBlocks: {} });
    expect(detection.confirmations.base).toBe(0);
  });

  it("with RPC URLs: those networks and Tron, confirmations per network over the defaults, start blocks", () => {
    const { detection } = parseConfig({
      RPC_URL_BASE: "https://base.example",
      PAYMENT_CONFIRMATIONS: "base:3",
      PAYMENT_DETECTION_START_BLOCKS: "base:123",
    });
    expect(detection.networks).toEqual(["base", "tron"]);
    expect(detection.confirmations).toMatchObject({ base: 3, mainnet: 5, tron: 19 });
    expect(detection.startBlocks).toEqual({ base: 123n });
    expect(detection.intervalMs).toBe(4000);
    expect(
      parseConfig({ RPC_URL_BASE: "https://base.example", PAYMENT_CONFIRMATIONS: "7" }).detection.confirmations.mainnet,
    ).toBe(7);
    expect(parseConfig({ PAYMENT_DETECTION_NETWORKS: "none" }).detection.networks).toEqual([]);
  });

  it("follows heads on the sandbox anvil's port, on RPC_WS_URL_<NETWORK> in production, and polls without one", () => {
    const sandbox = parseConfig({ SANDBOX_PORT_BASE: "19000" });
    expect(sandbox.rpcWsUrls).toEqual({});
    const production = parseConfig({ RPC_URL_BASE: "https://base.example", RPC_WS_URL_BASE: "wss://base.example/ws" });
    expect(production.rpcWsUrls).toEqual({ base: "wss://base.example/ws" });
    expect(() =>
      parseConfig({ RPC_URL_BASE: "https://base.example", RPC_WS_URL_BASE: "https://base.example" }),
    ).toThrow(/RPC_WS_URL_BASE: expected a ws\(s\) URL/);
    expect(() =>
      parseConfig({ RPC_URL_BASE: "https://base.example", RPC_WS_URL_MAINNET: "wss://mainnet.example" }),
    ).toThrow(/RPC_WS_URL_MAINNET: expected RPC_URL_MAINNET too/);
  });

  it("refuses a network the service does not read and malformed pairs, naming the variable", () => {
    expect(() => parseConfig({ RPC_URL_BASE: "https://base.example", PAYMENT_DETECTION_NETWORKS: "mainnet" })).toThrow(
      /PAYMENT_DETECTION_NETWORKS: mainnet/,
    );
    expect(() => parseConfig({ PAYMENT_CONFIRMATIONS: "base=3" })).toThrow(ConfigError);
    expect(() => parseConfig({ PAYMENT_DETECTION_START_BLOCKS: "12" })).toThrow(/PAYMENT_DETECTION_START_BLOCKS/);
  });
});

describe("where detection subscribes", () => {
  afterEach(() => {
    process.env = { ...saved };
    resetConfigForTests();
  });
  const saved = { ...process.env };

  it("the sandbox's anvil port over ws://, the configured URL in production, none without one", () => {
    for (const n of EVM_NETWORK_IDS) delete process.env[rpcEnvName(n)];
    process.env.SANDBOX_PORT_BASE = "19000";
    resetConfigForTests();
    expect(rpcWsUrlFor("base")).toBe(`ws://127.0.0.1:${19000 + EVM_NETWORK_IDS.indexOf("base")}`);
    process.env.RPC_URL_BASE = "https://base.example";
    process.env.RPC_URL_MAINNET = "https://mainnet.example";
    process.env.RPC_WS_URL_BASE = "wss://base.example/ws";
    resetConfigForTests();
    expect(rpcWsUrlFor("base")).toBe("wss://base.example/ws");
    expect(rpcWsUrlFor("mainnet")).toBeNull();
  });
});
