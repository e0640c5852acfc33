// Several RPC providers per network (RPC_URL_BASE=https://a,https://b) against a real anvil
// behind two proxies that fail on demand: calls fail over to the healthy one, health names the
// failing one (by host only), detection reads a pass from one provider and never moves its
// cursor past that provider's head, and one URL is today's plain http transport.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig, resetConfigForTests, sandboxPortsEnv } from "../config";
import { loadRpcStatus } from "../dashboard";
import { rpcRequest } from "../devnet/anvil";
import { startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { indexStep } from "../payments/indexer/evm-indexer";
import { passClient } from "../payments/indexer/pass-client";
import { getPublicClient, resetPublicClients, rpcHealth } from "./clients";
import {
  classifyRpcError,
  newProviderHealth,
  recordFailure,
  recordSuccess,
  reportProviders,
  tryOrder,
} from "./rpc-health";
import { type RpcProxy, startRpcProxy } from "./rpc-proxy-fixtures";

describe("RPC_URL_<NETWORK> lists", () => {
  it("accept one URL or several, and name the bad entry without showing it", () => {
    expect(parseConfig({ RPC_URL_BASE: "https://a.example/v2/key" }).rpcUrls.base).toEqual([
      "https://a.example/v2/key",
    ]);
    expect(parseConfig({ RPC_URL_BASE: "https://a.example, https://b.example/rpc" }).rpcUrls.base).toEqual([
      "https://a.example",
      "https://b.example/rpc",
    ]);
    const bad = () => parseConfig({ RPC_URL_BASE: "https://a.example,ftp://secret-key@b.example" });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/RPC_URL_BASE: expected an http\(s\) URL or several separated by commas; entry 2 of 2/);
    expect(bad).not.toThrow(/secret-key/);
    expect(() => parseConfig({ RPC_URL_BASE: "https://a.example,https://a.example" })).toThrow(/listed twice/);
    expect(() => parseConfig({ RPC_URL_BASE: "https://a.example," })).toThrow(/entry 2 of 2/);
    expect(() =>
      parseConfig({ RPC_URL_BASE: "https://a.example", RPC_WS_URL_BASE: "wss://a.example,wss://b.example" }),
    ).toThrow(/RPC_WS_URL_BASE: expected a ws\(s\) URL \(one, not a list\)/);
  });
});

describe("provider health", () => {
  it("classifies failures and cools a failing provider down behind the others", () => {
    const a = { health: newProviderHealth("https://a.example/v3/secret?key=1") };
    const b = { health: newProviderHealth("https://b.example:8545/") };
    expect(a.health.host).toBe("a.example");
    expect(b.health.host).toBe("b.example:8545");
    const now = 1_000_000;
    recordFailure(a.health, new Error("boom"), now);
    expect(tryOrder([a, b], now)).toEqual([b, a]);
    expect(tryOrder([a, b], now + 1_000)).toEqual([a, b]); // 1 s after the first failure
    recordFailure(a.health, new Error("boom"), now);
    expect(tryOrder([a, b], now + 1_000)).toEqual([b, a]); // 2 s after the second
    expect(classifyRpcError(new Error("execution reverted"))).toBe("rpc-error");

    // A provider answering, but with a head more than 10 blocks behind another's recent one, goes after it.
    const c = { health: newProviderHealth("https://c.example") };
    recordSuccess(a.health, 5, "eth_blockNumber", "0x64"); // 100
    recordSuccess(b.health, 5, "eth_blockNumber", "0x50"); // 80
    recordSuccess(c.health, 5, "eth_blockNumber", "0x60"); // 96
    expect(tryOrder([b, c, a]).map((p) => p.health.host)).toEqual(["c.example", "a.example", "b.example:8545"]);
    expect(reportProviders([a.health, b.health]).map((r) => [r.status, r.behind])).toEqual([
      ["ok", 0],
      ["lagging", 20],
    ]);
  });
});

describe("failover between providers of a real chain", () => {
  let sandbox: TestSandbox;
  let a: RpcProxy;
  let b: RpcProxy;
  const saved = { ...process.env };
  const anvil = () => sandbox.urls.base!;

  beforeAll(async () => {
    sandbox = await startTestSandbox(["base"]);
    a = await startRpcProxy(anvil());
    b = await startRpcProxy(anvil());
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await sandbox?.dispose();
  });
  afterEach(async () => {
    process.env = { ...saved };
    resetConfigForTests();
    resetPublicClients();
    await a.setMode("pass");
    await b.setMode("pass");
  });

  /** RPC_URL_BASE=a (with an API key in its path and query),b; detection from block 0 at once. */
  function useProxies(urls = `${a.url}/v3/SECRETKEY?apikey=SECRET2,${b.url}/rpc`) {
    Object.assign(process.env, {
      RPC_URL_BASE: urls,
      PAYMENT_CONFIRMATIONS: "0",
      PAYMENT_DETECTION_START_BLOCKS: "base:0",
    });
    resetConfigForTests();
    resetPublicClients();
  }
  const head = () => rpcRequest<string>(anvil(), "eth_blockNumber").then(BigInt);
  const mine = (n: number) => rpcRequest(anvil(), "anvil_mine", [`0x${n.toString(16)}`]);

  it("keeps one URL on viem's plain http transport, as before", async () => {
    useProxies(a.url);
    const client = getPublicClient("base");
    expect(client.transport.type).toBe("http");
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(await head());
    expect(rpcHealth().base).toEqual([expect.objectContaining({ host: a.url.slice(7), status: "ok" })]);
    process.env = { ...saved, SANDBOX_PORTS: sandboxPortsEnv(sandbox.ports) };
    resetConfigForTests();
    expect(loadRpcStatus()).toBeNull(); // the sandbox's own chains: no panel
  });

  it("fails over from a provider that refuses connections, and says so by host only", async () => {
    useProxies();
    await a.setMode("refuse");
    const client = getPublicClient("base");
    expect(client.transport.type).toBe("failover");
    const before = b.calls;
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(await head());
    expect(b.calls).toBeGreaterThan(before);
    const [first, second] = rpcHealth().base!;
    expect(first).toMatchObject({ host: a.url.slice(7), status: "failing", lastError: "unreachable" });
    expect(second).toMatchObject({ host: b.url.slice(7), status: "ok", head: String(await head()) });
    expect(JSON.stringify(rpcHealth())).not.toMatch(/SECRET|\/rpc|\/v3/);
    // The dashboard's overview panel reads the same record.
    expect(loadRpcStatus()).toEqual([
      { network: "base", name: "Base", providers: [expect.objectContaining({ status: "failing" }), second] },
    ]);

    // Cooling down: the next calls go to b first, without waiting on a.
    const aCalls = a.calls;
    await client.getBlockNumber({ cacheTime: 0 });
    expect(a.calls).toBe(aCalls);
  });

  it("fails over from a provider answering 429, and back once it answers again", async () => {
    useProxies();
    await a.setMode("429");
    const client = getPublicClient("base");
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(await head());
    expect(rpcHealth().base![0]).toMatchObject({ status: "failing", lastError: "rate-limited" });
    await a.setMode("pass");
    await new Promise((r) => setTimeout(r, 1_100)); // its first cool-down (1 s) ends
    const aCalls = a.calls;
    await client.getBlockNumber({ cacheTime: 0 });
    expect(a.calls).toBe(aCalls + 1);
    expect(rpcHealth().base![0]).toMatchObject({ status: "ok", lastError: "rate-limited" });
  });

  it("reads a detection pass from the provider with the highest head, and never past the head of the one it read", async () => {
    useProxies();
    await indexStep("base"); // catch up: the cursor is at the head
    await a.setMode("lag");
    const lagged = await head();
    await mine(5);
    const now = await head();

    // a lags, b is current: the pass is b's, and the report says a is behind.
    const pass = await passClient("base");
    expect(pass).toMatchObject({ head: now, several: true });
    const aCalls = a.calls;
    const step = await indexStep("base");
    expect(step).toMatchObject({ kind: "indexed", to: now });
    expect(a.calls).toBe(aCalls + 1); // only asked its head
    expect(rpcHealth().base![0]).toMatchObject({ head: String(lagged), behind: 5 });

    // b down, a lagging behind the cursor: a retry, not a reorg that would undo payments.
    await b.setMode("refuse");
    expect(await indexStep("base")).toEqual({
      kind: "retry",
      reason: "every RPC provider answering is behind the cursor",
    });

    // b down, a lagging but ahead of the cursor: detection reads up to a's head, not the chain's.
    await a.setMode("pass");
    await mine(3);
    await a.setMode("lag");
    const aHead = await head();
    await mine(4);
    expect(await indexStep("base")).toMatchObject({ kind: "indexed", to: aHead, head: aHead });
    await b.setMode("pass");
    expect(await indexStep("base")).toMatchObject({ kind: "indexed", to: await head() });
  });
});
