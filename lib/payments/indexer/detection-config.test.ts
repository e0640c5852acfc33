// The detection settings read from the environment (lib/config.ts).
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../config";

describe("payment detection configuration", () => {
  it("in the sandbox: every EVM chain, 1 s polling, no confirmations", () => {
    const { detection } = parseConfig({});
    expect(detection.networks).toEqual(["mainnet", "arbitrum-one", "optimism", "base", "matic", "bsc", "sepolia"]);
    expect(detection).toMatchObject({ intervalMs: 1000, blockRange: 2000, startBlocks: {} });
    expect(detection.confirmations.base).toBe(0);
  });

  it("with RPC URLs: those networks and Tron, confirmations per network over the defaults, start blocks", () => {
    const { detection } = parseConfig({ RPC_URL_BASE: "https://base.example", PAYMENT_CONFIRMATIONS: "base:3", PAYMENT_DETECTION_START_BLOCKS: "base:123" });
    expect(detection.networks).toEqual(["base", "tron"]);
    expect(detection.confirmations).toMatchObject({ base: 3, mainnet: 5, tron: 19 });
    expect(detection.startBlocks).toEqual({ base: 123n });
    expect(detection.intervalMs).toBe(4000);
    expect(parseConfig({ RPC_URL_BASE: "https://base.example", PAYMENT_CONFIRMATIONS: "7" }).detection.confirmations.mainnet).toBe(7);
    expect(parseConfig({ PAYMENT_DETECTION_NETWORKS: "none" }).detection.networks).toEqual([]);
  });

  it("refuses a network the service does not read and malformed pairs, naming the variable", () => {
    expect(() => parseConfig({ RPC_URL_BASE: "https://base.example", PAYMENT_DETECTION_NETWORKS: "mainnet" })).toThrow(/PAYMENT_DETECTION_NETWORKS: mainnet/);
    expect(() => parseConfig({ PAYMENT_CONFIRMATIONS: "base=3" })).toThrow(ConfigError);
    expect(() => parseConfig({ PAYMENT_DETECTION_START_BLOCKS: "12" })).toThrow(/PAYMENT_DETECTION_START_BLOCKS/);
  });
});
