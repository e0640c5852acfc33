// The Tron sandbox node as part of the sandbox (`tron: true`): on the Tron port of the sandbox's
// ports (where TRONGRID_URL points), saved with the chains on stop and restored on the next start.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig, sandboxPortsEnv } from "../config";
import { startSandbox } from "./sandbox";
import { PORTS_THE_SYSTEM_PICKS, sandboxPortsWith } from "./sandbox-fixtures";
import { TRON_DEMO_WALLETS } from "./tron/accounts";

let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "stablelink-sandbox-tron-"));
});

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("sandbox with the Tron node", () => {
  it("serves Tron where TRONGRID_URL points in sandbox mode, and keeps its balances across a restart", async () => {
    const [alice, bob] = TRON_DEMO_WALLETS;
    const started = { dataDir, ports: PORTS_THE_SYSTEM_PICKS, networks: [], tron: true, persistEveryMs: 0 };
    const first = await startSandbox(started);
    let bobBalance: number;
    try {
      const ports = sandboxPortsEnv(await sandboxPortsWith(first.ports));
      expect(first.tron?.url).toBe(parseConfig({ SANDBOX_PORTS: ports }).TRONGRID_URL);
      expect(first.tron?.restored).toBe(false);
      const tw = new TronWeb({ fullHost: first.tron!.url, privateKey: alice.privateKey });
      const sent = await tw.trx.sendTransaction(bob.address, 1_234_567);
      expect(sent.result).toBe(true);
      bobBalance = await tw.trx.getBalance(bob.address);
    } finally {
      await first.stop();
    }
    const second = await startSandbox(started); // on a port the system picks again: the state is in dataDir
    try {
      expect(second.tron?.restored).toBe(true);
      const tw = new TronWeb({ fullHost: second.tron!.url, privateKey: alice.privateKey });
      expect(await tw.trx.getBalance(bob.address)).toBe(bobBalance);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
