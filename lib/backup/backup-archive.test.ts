// A restore loses nothing and repeats nothing: a request paid before the backup and one paid
// after it, on a real anvil chain; the database of after the backup (which recorded the second
// payment) is replaced by the backup, and detection, reading on from the backup's cursor,
// finds the second payment again: each request paid once, one payment row and one
// payment.confirmed each. And a restore refuses what it must: a damaged or foreign archive, a
// data directory that has data (without --force), a database a process holds.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createPublicClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, db, openPglite, setDatabaseFactory } from "../db/client";
import { migrate, readMigrations } from "../db/migrate";
import { DEMO_WALLETS } from "../devnet/accounts";
import { readChainStateFiles, runningChains } from "../devnet/chain-files";
import { pointAppAtSandbox, startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { detectPayments } from "../payments/indexer/start-detection";
import { buildPayCalldata } from "../requests/build-pay-calldata";
import { createRequest } from "../requests/create-request";
import { asStored } from "../requests/request-store";
import { type ApiTransaction, sendAll } from "../test/send-calldata";
import { platformWithEndpoints } from "../webhooks/webhook-fixtures";
import { BackupError, backupDataDir, restoreDataDir } from "./backup-archive";
import { writeTar } from "./tar";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
const dataDir = path.join(tmp, "data");
const archive = path.join(tmp, "backup.tar.gz");
const knownMigrations = readMigrations().map((m) => m.name);
let sandbox: TestSandbox;
let restoreEnv: () => void;

async function withDatabase<T>(fn: () => Promise<T>): Promise<T> {
  const database: Database = await openPglite(path.join(dataDir, "pglite"));
  setDatabaseFactory(async () => database);
  try {
    return await fn();
  } finally {
    setDatabaseFactory(undefined);
    await database.close();
  }
}

type NewRequest = Awaited<ReturnType<typeof createRequest>>;

async function payOnChain(request: NewRequest, payer: (typeof DEMO_WALLETS)[number]): Promise<void> {
  const calldata = await buildPayCalldata(asStored(request), { wallet: payer.address });
  await sendAll("base", sandbox.urls.base!, payer.privateKey, calldata.transactions as ApiTransaction[]);
}

async function outcome(requestId: string) {
  const prisma = await db();
  const events = await prisma.webhookEvent.findMany();
  return {
    status: (await prisma.paymentRequest.findUniqueOrThrow({ where: { id: requestId } })).status,
    payments: await prisma.payment.count({ where: { requestId } }),
    events: events.filter((e) => (e.payload as { requestId?: string }).requestId === requestId).map((e) => e.event),
  };
}

beforeAll(async () => {
  sandbox = await startTestSandbox(["base"]);
  restoreEnv = pointAppAtSandbox(sandbox);
  const database = await openPglite(path.join(dataDir, "pglite"));
  await migrate(database);
  await database.close();
  // A sandbox chain's state file and the local key, as `npm start` leaves them in DATA_DIR.
  fs.mkdirSync(path.join(dataDir, "chains"));
  fs.writeFileSync(path.join(dataDir, "chains", "base.json"), JSON.stringify({ best_block_number: "0x2a" }));
  fs.writeFileSync(path.join(dataDir, "encryption-key"), `${"ab".repeat(32)}\n`);
}, 120_000);

afterAll(async () => {
  restoreEnv?.();
  await sandbox?.dispose();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("backup, payments, restore, detection", () => {
  it("ends with the backup's payments plus those detection finds since: each once, announced once", async () => {
    const payee = () => privateKeyToAccount(generatePrivateKey()).address;
    const body = { amount: "4", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base" };
    const { before, after } = await withDatabase(async () => {
      await detectPayments("base"); // past the sandbox's set-up blocks
      const p = await platformWithEndpoints("https://hooks.example/restore");
      const owner = { platformId: p.platformId, clientIdId: p.clientIdId };
      const before = await createRequest(owner, { ...body, payee: payee() });
      const after = await createRequest(owner, { ...body, payee: payee() });
      await payOnChain(before, DEMO_WALLETS[3]);
      expect((await detectPayments("base")).kind).toBe("idle");
      return { before, after };
    });

    // The backup refuses while a process has the database open (this one, here).
    await expect(withDatabase(() => backupDataDir({ dataDir, file: archive }))).rejects.toThrow(
      `open in process ${process.pid}`,
    );
    const manifest = await backupDataDir({ dataDir, file: archive });
    expect(manifest.database.migrations).toEqual(knownMigrations);
    expect(manifest.chains).toEqual([{ network: "base", file: "chains/base.json", height: 42 }]);
    expect(manifest.encryptionKey).toBe("in-archive");
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    // A plain tar reads it.
    expect(execFileSync("tar", ["-tzf", archive], { encoding: "utf8" }).trim().split("\n")).toEqual([
      "manifest.json",
      "database.tar.gz",
      "chains/base.json",
      "encryption-key",
    ]);

    // After the backup: the second request is paid and recorded, then the database is lost.
    await withDatabase(async () => {
      await payOnChain(after, DEMO_WALLETS[4]);
      await detectPayments("base");
      expect(await outcome(after.requestId)).toEqual({ status: "paid", payments: 1, events: ["payment.confirmed"] });
    });
    fs.writeFileSync(path.join(dataDir, "encryption-key"), `${"cd".repeat(32)}\n`);

    // Restore over the data directory (--force), keeping the chain as it is (as real chains are).
    await expect(restoreDataDir({ file: archive, dataDir, knownMigrations })).rejects.toThrow("is not empty");
    await restoreDataDir({ file: archive, dataDir, knownMigrations, force: true, keepChains: true });
    expect(fs.readFileSync(path.join(dataDir, "encryption-key"), "utf8")).toBe(`${"ab".repeat(32)}\n`);
    expect(fs.existsSync(path.join(dataDir, "chains", "base.json"))).toBe(true);

    await withDatabase(async () => {
      expect(await outcome(after.requestId)).toEqual({ status: "pending", payments: 0, events: [] });
      expect((await detectPayments("base")).kind).toBe("idle");
      expect((await detectPayments("base")).kind).toBe("idle"); // and again: nothing twice
      expect(await outcome(before.requestId)).toEqual({ status: "paid", payments: 1, events: ["payment.confirmed"] });
      expect(await outcome(after.requestId)).toEqual({ status: "paid", payments: 1, events: ["payment.confirmed"] });
    });
  }, 120_000);

  it("reads a chain's height from the state file anvil writes", async () => {
    await sandbox.persist();
    const [base] = await readChainStateFiles(sandbox.dataDir);
    const head = await createPublicClient({ transport: http(sandbox.urls.base) }).getBlockNumber();
    expect(base).toMatchObject({ name: "chains/base.json", network: "base", height: Number(head) });
    expect(await runningChains(sandbox.dataDir)).toEqual(["base"]);
  });

  it("restores the chains' state files too, unless told to keep them", async () => {
    fs.writeFileSync(path.join(dataDir, "chains", "base.json"), "{}");
    fs.writeFileSync(path.join(dataDir, "chains", "optimism.json"), "{}");
    await restoreDataDir({ file: archive, dataDir, knownMigrations, force: true });
    expect(fs.readdirSync(path.join(dataDir, "chains"))).toEqual(["base.json"]);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "chains", "base.json"), "utf8"))).toEqual({
      best_block_number: "0x2a",
    });
  });
});

describe("a restore refuses", () => {
  const refusal = async (file: string, target = path.join(tmp, `empty-${Math.random()}`)) => {
    const error = await restoreDataDir({ file, dataDir: target, knownMigrations }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect(fs.existsSync(path.join(target, "pglite"))).toBe(false);
    return (error as Error).message;
  };
  const write = (name: string, data: Buffer) => {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, data);
    return file;
  };

  it("a file that is not a backup, a damaged one, one with a file that fails its checksum", async () => {
    expect(await refusal(write("random.tar.gz", Buffer.from("not a backup at all")))).toMatch(
      /is not a Stablelink backup, or it is damaged/,
    );
    const damaged = Buffer.from(fs.readFileSync(archive));
    for (let i = 0; i < 64; i++) damaged[Math.floor(damaged.length / 2) + i] ^= 0xff;
    expect(await refusal(write("damaged.tar.gz", damaged))).toMatch(/damaged/);
    const other = writeTar([{ name: "notes.txt", data: Buffer.from("hello") }]);
    expect(await refusal(write("other.tar.gz", gzipSync(other)))).toMatch(/is not a Stablelink backup/);
    const manifest = {
      format: "stablelink-backup",
      version: 1,
      database: { kind: "pglite", file: "database.tar.gz", migrations: [] },
      chains: [],
      files: [{ name: "database.tar.gz", bytes: 3, sha256: "0".repeat(64) }],
    };
    const forged = writeTar([
      { name: "manifest.json", data: Buffer.from(JSON.stringify(manifest)) },
      { name: "database.tar.gz", data: Buffer.from("abc") },
    ]);
    expect(await refusal(write("forged.tar.gz", gzipSync(forged)))).toMatch(
      /is damaged: database.tar.gz does not match its checksum/,
    );
    const escaping = writeTar([{ name: "../outside", data: Buffer.from("x") }]);
    expect(await refusal(write("escaping.tar.gz", gzipSync(escaping)))).toMatch(/holds \.\.\/outside/);
  });

  it("a data directory with data in it, without --force, and changes nothing there", async () => {
    const target = path.join(tmp, "occupied");
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, "encryption-key"), "mine\n");
    expect(await refusal(archive, target)).toMatch(/is not empty \(encryption-key\).*--force/);
    expect(fs.readFileSync(path.join(target, "encryption-key"), "utf8")).toBe("mine\n");
  });

  it("a backup made by a newer version", async () => {
    const error = await restoreDataDir({
      file: archive,
      dataDir: path.join(tmp, "older"),
      knownMigrations: knownMigrations.slice(0, -1),
    }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/made by a newer version of Stablelink/);
  });
});
