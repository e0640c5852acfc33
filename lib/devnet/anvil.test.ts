import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rpcRequest, startAnvil } from "./anvil";

let dir: string;

// Every anvil here listens on port 0: the system picks, anvil.port tells.
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "stablelink-anvil-"));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const closed = (url: string) =>
  rpcRequest(url, "eth_chainId", [], 300).then(
    () => false,
    () => true,
  );

describe("anvil", () => {
  it("starts with the chain id asked for, answers, and stops", async () => {
    const anvil = await startAnvil({ port: 0, chainId: 42161 });
    expect(Number(await rpcRequest<string>(anvil.url, "eth_chainId"))).toBe(42161);
    await anvil.stop();
    expect(await closed(anvil.url)).toBe(true);
  });

  it("refuses a port another node already serves", async () => {
    const anvil = await startAnvil({ port: 0, chainId: 1 });
    try {
      await expect(startAnvil({ port: anvil.port, chainId: 1 })).rejects.toThrow("already in use");
    } finally {
      await anvil.stop();
    }
  });

  it("with `state`, dumps on stop and loads on the next start", async () => {
    const state = path.join(dir, "state.json");
    const first = await startAnvil({ port: 0, chainId: 10, state });
    await rpcRequest(first.url, "anvil_mine", ["0x5"]);
    await first.stop();
    const second = await startAnvil({ port: 0, chainId: 10, state }); // the state is in the file, not on the port
    try {
      expect(Number(await rpcRequest<string>(second.url, "eth_blockNumber"))).toBe(5);
    } finally {
      await second.stop();
    }
  });
});
