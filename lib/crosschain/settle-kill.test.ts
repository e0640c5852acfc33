// A settlement process killed with SIGKILL between the source pull and the recorded payout
// (docs/decisions/crosschain-settlement.md): the worker
// runs as a child process (settle-child-fixtures.ts) on this test's database and sandbox chains.
// The destination chain stops mining, so the payout is signed, stored and broadcast but not
// yet mined; the test kills the process there (the source pull is mined, the payout not
// recorded), mines the block, starts a new process, and checks that the payee is paid exactly
// once, the intent reads paid with the stored payout, and one payment.confirmed goes out.
// PostgreSQL only: a killed process is the case of several worker processes on one server. The
// embedded PGlite is one process; a SIGKILL of the process that holds its directory can lose what
// it had not flushed (the CI's run lost the intent row), which says nothing about settlement. On
// PGlite, crosschain-payment.test.ts's "a settlement interrupted after the source pull … finishes once" covers
// the same state.

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Address, createPublicClient, createTestClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as payRoute from "@/app/v2/request/[requestId]/pay/route";
import * as intentRoute from "@/app/v2/request/payment-intents/[paymentIntentId]/route";
import * as requestRoute from "@/app/v2/request/route";
import { SANDBOX_OPERATOR } from "../chains/crosschain-gateway";
import { db, openedDatabase, openPglite, setDatabaseFactory } from "../db/client";
import { createTestSchema } from "../db/database-fixtures";
import { migrate } from "../db/migrate";
import { DEMO_WALLETS } from "../devnet/accounts";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { testToken } from "../devnet/sandbox-tokens";
import { detectPayments } from "../payments/indexer/start-detection";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { readIntent } from "./intent-store";
import { typedDataFromJson } from "./typed-data-fixtures";

let sandbox: TestSandbox;
let restore: () => void;
let settleDb: string;
let pgliteDir: string | null = null;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  sandbox = await startTestSandbox(["base", "arbitrum-one"]);
  restore = pointAppAtSandbox(sandbox);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    // A schema of its own, named, so that the child process opens the same one.
    const { schema, open } = await createTestSchema(url);
    const u = new URL(url);
    u.searchParams.set("schema", schema);
    settleDb = u.toString();
    setDatabaseFactory(open);
  } else {
    pgliteDir = await fs.mkdtemp(path.join(os.tmpdir(), "stablelink-settle-kill-"));
    settleDb = `pglite:${pgliteDir}`;
    setDatabaseFactory(async () => {
      const database = await openPglite(pgliteDir!);
      await migrate(database);
      return database;
    });
  }
}, 180_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  restore?.();
  await sandbox?.dispose();
  if (pgliteDir) {
    await (await openedDatabase())?.close();
    setDatabaseFactory(undefined);
    await fs.rm(pgliteDir, { recursive: true, force: true });
  }
});

/** PGlite: one process opens the directory at a time; the test lets go of it before a child starts. */
async function letGoOfDatabase(): Promise<void> {
  if (!pgliteDir) return;
  const opened = openedDatabase();
  if (opened) await (await opened).close();
  const dir = pgliteDir;
  setDatabaseFactory(async () => openPglite(dir)); // migrated already
}

function startSettlement(): { child: ChildProcess; idle: Promise<void>; exited: Promise<number | null> } {
  const tsx = path.resolve("node_modules/.bin/tsx");
  const child = spawn(tsx, [path.resolve("lib/crosschain/settle-child-fixtures.ts")], {
    env: { ...process.env, SETTLE_DB: settleDb, LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let err = "";
  child.stderr!.on("data", (d) => (err += String(d)));
  const idle = new Promise<void>((resolve) => child.stdout!.on("data", (d) => String(d).includes("idle") && resolve()));
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      children.delete(child);
      if (code && code !== 0) console.error(err);
      resolve(code);
    }),
  );
  return { child, idle, exited };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it.skipIf(!process.env.TEST_DATABASE_URL)(
  "a settlement killed (SIGKILL) after the source pull, with the payout broadcast but not recorded, pays the payee exactly once after a restart",
  async () => {
    const { apiKey } = await createTestPlatform("settle-kill");
    const headers = { "x-api-key": apiKey };
    const payer = privateKeyToAccount(DEMO_WALLETS[4].privateKey);
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const created = await call(requestRoute, "POST", "/v2/request", {
      headers,
      body: { amount: "7", invoiceCurrency: "USDC-arbitrum-one", paymentCurrency: "USDC-arbitrum-one", payee },
    });
    expect(created.status, created.text).toBe(201);
    const { requestId } = created.json;
    const quote = await call(
      payRoute,
      "GET",
      `/v2/request/${requestId}/pay?${new URLSearchParams({ wallet: payer.address, chain: "BASE", token: "USDC" })}`,
      { headers, params: { requestId } },
    );
    expect(quote.status, quote.text).toBe(200);
    const values = JSON.parse(quote.json.paymentIntent).values;
    // A retried run finds the permit of the first one already given: no permit to sign then.
    const permit = quote.json.approvalPermitPayload
      ? { payload: quote.json.approvalPermitPayload, values: JSON.parse(quote.json.approvalPermitPayload).values }
      : null;
    const intentId: string = quote.json.paymentIntentId;
    const submitted = await call(intentRoute, "POST", `/v2/request/payment-intents/${intentId}`, {
      headers,
      params: { paymentIntentId: intentId },
      body: {
        signedPaymentIntent: {
          signature: await payer.signTypedData(typedDataFromJson(quote.json.paymentIntent)),
          nonce: values.nonce,
          deadline: values.deadline,
        },
        ...(permit
          ? {
              signedApprovalPermit: {
                signature: await payer.signTypedData(typedDataFromJson(permit.payload)),
                nonce: permit.values.nonce,
                deadline: String(permit.values.deadline),
              },
            }
          : {}),
      },
    });
    expect(submitted.status, submitted.text).toBe(200);

    const base = createPublicClient({ transport: http(sandbox.urls.base!) });
    const arbitrum = createPublicClient({ transport: http(sandbox.urls["arbitrum-one"]!) });
    const arbitrumTest = createTestClient({ mode: "anvil", transport: http(sandbox.urls["arbitrum-one"]!) });
    const usdcBase = testToken("base", "USDC").address;
    const usdcArb = testToken("arbitrum-one", "USDC").address as Address;
    const payerBefore = await base.readContract({
      address: usdcBase,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [payer.address],
    });
    const operatorNonce = await arbitrum.getTransactionCount({ address: SANDBOX_OPERATOR.address });
    // The destination stops mining: the payout will wait in the pool, broadcast but unconfirmed.
    await arbitrumTest.setAutomine(false);

    await letGoOfDatabase();
    const first = startSettlement();
    // The source pull is mined (the payer paid amount + fee on base) …
    await until(
      "the source pull",
      async () =>
        (await base.readContract({
          address: usdcBase,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [payer.address],
        })) < payerBefore,
    );
    // … and the operator's payout sits in arbitrum-one's pool: kill the process there. Its approval
    // of ERC20FeeProxy (a fresh sandbox) comes first: that one is mined as it arrives.
    const operatorPool = async () => {
      const pool = (await arbitrumTest.request({ method: "txpool_content" } as never)) as {
        pending: Record<string, Record<string, { input: string }>>;
      };
      return Object.values(
        Object.entries(pool.pending).find(
          ([from]) => from.toLowerCase() === SANDBOX_OPERATOR.address.toLowerCase(),
        )?.[1] ?? {},
      );
    };
    // transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address)
    const PAYOUT = "0xc219a14d";
    await until("the payout broadcast", async () => {
      const txs = await operatorPool();
      if (txs.some((tx) => tx.input.startsWith(PAYOUT))) return true;
      if (txs.length > 0) await arbitrumTest.mine({ blocks: 1 });
      return false;
    });
    expect(
      await arbitrum.getTransactionCount({ address: SANDBOX_OPERATOR.address, blockTag: "pending" }),
    ).toBeGreaterThan(operatorNonce);
    first.child.kill("SIGKILL");
    expect(await first.exited).toBeNull(); // killed by the signal, not exited
    expect(
      await arbitrum.readContract({ address: usdcArb, abi: erc20Abi, functionName: "balanceOf", args: [payee] }),
    ).toBe(0n);

    // The stored payout is mined while no worker runs; the next worker must not pay again.
    await arbitrumTest.mine({ blocks: 1 });
    await arbitrumTest.setAutomine(true);
    const second = startSettlement();
    await second.idle;
    second.child.kill("SIGTERM");
    await second.exited;

    const intent = await readIntent(intentId);
    expect(intent).toMatchObject({
      status: "paid",
      pendingTx: null,
      sourceTxHash: expect.stringMatching(/^0x/),
      destinationTxHash: expect.stringMatching(/^0x/),
    });
    expect(
      await arbitrum.readContract({ address: usdcArb, abi: erc20Abi, functionName: "balanceOf", args: [payee] }),
    ).toBe(7_000_000n);
    await detectPayments("arbitrum-one");
    await detectPayments("arbitrum-one");
    const payments = await (await db()).payment.findMany({ where: { requestId } });
    expect(payments.map((p) => [p.type, p.txHash])).toEqual([["crosschain", intent.destinationTxHash]]);
    const confirmed = (await (await db()).webhookEvent.findMany({ where: { event: "payment.confirmed" } })).filter(
      (e) => (e.payload as { requestId?: string }).requestId === requestId,
    );
    expect(confirmed).toHaveLength(1);
  },
  240_000,
);
