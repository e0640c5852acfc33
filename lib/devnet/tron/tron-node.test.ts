// The sandbox Tron node driven by TronWeb, unchanged, as the only client; a real anvil runs
// the contracts underneath. Each test waits for what it asserts (the transaction's info).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { TronWeb, utils } from "tronweb";
import { keccak256 } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getContract } from "../../chains/contracts";
import { tronApproveTransaction, tronFeeProxyPaymentTransaction, tronTransferTransaction } from "../../chains/tron";
import { decodeTronEvents, fetchTronEvents } from "../../payments/indexer/trongrid-events";
import { TRON_DEMO_WALLETS } from "./accounts";
import { startTronSandbox, type TronSandbox } from "./start-node";

const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const USDC = "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8";
const FEE_PROXY = getContract("tron", "ERC20FeeProxy").address;
const FEE_LIMIT = 100_000_000; // 100 TRX
const [alice, bob, carol] = TRON_DEMO_WALLETS;

let dataDir: string;
let sandbox: TronSandbox;

const web = (key: string) => new TronWeb({ fullHost: sandbox.url, privateKey: key });
const utf8 = (hex: string | undefined) => Buffer.from(hex ?? "", "hex").toString("utf8");

interface Info {
  id?: string;
  fee?: number;
  blockNumber?: number;
  blockTimeStamp?: number;
  contractResult?: string[];
  receipt?: { result?: string; energy_usage_total?: number; energy_fee?: number; net_usage?: number; net_fee?: number };
  log?: { address: string; topics: string[]; data: string }[];
  result?: string;
  resMessage?: string;
}

/** The transaction's info once it is in a block (`{}` before, as java-tron answers). */
async function infoOf(tw: TronWeb, txid: string): Promise<Info> {
  for (let i = 0; i < 100; i++) {
    const info = (await tw.trx.getTransactionInfo(txid)) as Info;
    if (info.blockNumber !== undefined) return info;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no info for ${txid}`);
}

/** Builds with the node (triggersmartcontract), signs with TronWeb, broadcasts; resolves with the refusal or the info. */
async function trigger(key: string, call: { to: string; data: string }, feeLimit = FEE_LIMIT) {
  const tw = web(key);
  const owner = tw.defaultAddress.base58 as string;
  const { transaction } = await tw.transactionBuilder.triggerSmartContract(
    call.to,
    "",
    { input: call.data.slice(2), feeLimit },
    [],
    owner,
  );
  const signed = await tw.trx.sign(transaction, key);
  const sent = (await tw.trx.sendRawTransaction(signed)) as { result?: boolean; txid: string; code?: string };
  if (!sent.result) throw new Error(`refused: ${JSON.stringify(sent)}`);
  return infoOf(tw, sent.txid);
}

async function trc20Balance(token: string, owner: string): Promise<bigint> {
  const contract = await web(alice.privateKey).contract().at(token);
  return BigInt(String(await contract.balanceOf(owner).call()));
}

const freshAccount = () => utils.accounts.generateAccount() as { address: { base58: string }; privateKey: string };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "stablelink-tron-"));
  sandbox = await startTronSandbox({ dataDir, port: 0, persistEveryMs: 0 });
}, 120_000);

afterAll(async () => {
  await sandbox?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("Tron sandbox node, TronWeb as the client", () => {
  it("listens on the port the system picked and serves Tron blocks with ms timestamps", async () => {
    expect(sandbox.port).toBeGreaterThan(0);
    expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}`);
    const block = await web(alice.privateKey).trx.getCurrentBlock();
    expect(block.block_header.raw_data.number).toBeGreaterThan(0);
    expect(Math.abs(block.block_header.raw_data.timestamp - Date.now())).toBeLessThan(60_000);
    expect(block.blockID.slice(0, 16)).toBe(block.block_header.raw_data.number.toString(16).padStart(16, "0"));
  });

  it("moves TRX in a transfer TronWeb builds, signs and broadcasts, billing free bandwidth", async () => {
    const tw = web(alice.privateKey);
    const before = await tw.trx.getBalance(bob.address);
    const sent = await tw.trx.sendTransaction(bob.address, 2_500_000);
    expect(sent.result).toBe(true);
    const info = await infoOf(tw, sent.transaction.txID);
    expect(info.receipt?.net_usage).toBeGreaterThan(200); // bytes of the signed transaction + 64
    expect(info.fee).toBeUndefined(); // paid by the daily free bandwidth
    expect(await tw.trx.getBalance(bob.address)).toBe(before + 2_500_000);
    const tx = await tw.trx.getTransaction(sent.transaction.txID);
    expect(tx.ret[0].contractRet).toBe("SUCCESS");
    const block = await tw.trx.getBlock(info.blockNumber!);
    expect(block.transactions?.map((t) => t.txID)).toEqual([sent.transaction.txID]);
  });

  it("activates a new account with 1.1 TRX of fees, like Tron", async () => {
    const tw = web(alice.privateKey);
    const fresh = freshAccount().address.base58;
    expect(await tw.trx.getAccount(fresh)).toEqual({});
    const before = await tw.trx.getBalance(alice.address);
    const sent = await tw.trx.sendTransaction(fresh, 1_000_000);
    const info = await infoOf(tw, sent.transaction.txID);
    expect(info.fee).toBe(1_100_000);
    expect(await tw.trx.getBalance(fresh)).toBe(1_000_000);
    expect(await tw.trx.getBalance(alice.address)).toBe(before - 1_000_000 - 1_100_000);
  });

  it("runs a TRC-20 transfer built by the service's Tron calldata: USDT moves, returns false as Tron's USDT does, energy burned in TRX", async () => {
    const before = await trc20Balance(USDT, carol.address);
    const trxBefore = await web(alice.privateKey).trx.getBalance(alice.address);
    const info = await trigger(alice.privateKey, tronTransferTransaction(USDT, carol.address, 7_000_000n));
    expect(info.receipt?.result).toBe("SUCCESS");
    expect(info.contractResult).toEqual(["0".repeat(64)]);
    expect(info.receipt?.energy_usage_total).toBeGreaterThan(5_000);
    expect(info.receipt?.energy_fee).toBe(info.receipt!.energy_usage_total! * 100);
    expect(await trc20Balance(USDT, carol.address)).toBe(before + 7_000_000n);
    expect(await web(alice.privateKey).trx.getBalance(alice.address)).toBe(trxBefore - info.fee!);
    // TronGrid's history of the account.
    const res = await fetch(`${sandbox.url}/v1/accounts/${carol.address}/transactions/trc20?limit=1`);
    const page = (await res.json()) as {
      data: { transaction_id: string; value: string; type: string; token_info: { symbol: string; decimals: number } }[];
    };
    expect(page.data[0]).toMatchObject({
      transaction_id: info.id,
      value: "7000000",
      type: "Transfer",
      token_info: { symbol: "USDT", decimals: 6 },
    });
  });

  it("reads state with constant calls (balanceOf, allowance)", async () => {
    const usdc = await web(alice.privateKey).contract().at(USDC);
    expect(BigInt(String(await usdc.balanceOf(bob.address).call()))).toBe(1_000_000n * 10n ** 6n);
    const info = await trigger(bob.privateKey, tronApproveTransaction(USDC, FEE_PROXY, 123n));
    expect(info.receipt?.result).toBe("SUCCESS");
    expect(BigInt(String(await usdc.allowance(bob.address, FEE_PROXY).call()))).toBe(123n);
    const constant = await web(bob.privateKey).transactionBuilder.triggerConstantContract(
      USDC,
      "decimals()",
      {},
      [],
      bob.address,
    );
    expect(constant.constant_result).toEqual([6n.toString(16).padStart(64, "0")]);
    expect(constant.energy_used).toBeGreaterThan(0);
  });

  it("pays USDT through ERC20FeeProxy (approve, then transferFromWithReferenceAndFee): the event is at /v1/contracts/{address}/events and in the info's logs, and detection decodes it", async () => {
    const reference = "0x0a1b2c3d4e5f6071" as const;
    const approve = await trigger(bob.privateKey, tronApproveTransaction(USDT, FEE_PROXY, 10_500_000n));
    expect(approve.receipt?.result).toBe("SUCCESS");
    expect(approve.contractResult).toEqual([1n.toString(16).padStart(64, "0")]);
    const payeeBefore = await trc20Balance(USDT, carol.address);
    const pay = await trigger(
      bob.privateKey,
      tronFeeProxyPaymentTransaction({
        token: USDT,
        to: carol.address,
        amount: 10_000_000n,
        paymentReference: reference,
        feeAmount: 500_000n,
        feeAddress: alice.address,
      }),
    );
    expect(pay.receipt?.result).toBe("SUCCESS");
    expect(await trc20Balance(USDT, carol.address)).toBe(payeeBefore + 10_000_000n);
    // The proxy's log in the transaction info: 20-byte address, topics and data in hex without 0x.
    const proxyHex = TronWeb.address.toHex(FEE_PROXY).slice(2).toLowerCase();
    const log = pay.log!.find((l) => l.address === proxyHex)!;
    expect(log.topics[1]).toBe(keccak256(reference).slice(2));

    // TronGrid's event, read by the service's own detection code.
    const page = await fetchTronEvents(sandbox.url, FEE_PROXY, pay.blockTimeStamp!);
    const event = page.data.find((e) => e.transaction_id === pay.id)!;
    expect(event).toMatchObject({
      block_number: pay.blockNumber,
      block_timestamp: pay.blockTimeStamp,
      contract_address: FEE_PROXY,
      event_name: "TransferWithReferenceAndFee",
      result_type: {
        tokenAddress: "address",
        to: "address",
        amount: "uint256",
        paymentReference: "bytes",
        feeAmount: "uint256",
        feeAddress: "address",
      },
    });
    const [leg] = decodeTronEvents([event]);
    expect(leg).toMatchObject({
      referenceHash: keccak256(reference),
      tokenAddress: USDT,
      to: carol.address,
      amount: 10_000_000n,
      feeAmount: 500_000n,
      feeAddress: alice.address,
      blockNumber: BigInt(pay.blockNumber!),
    });
  });

  it("pages events with TronGrid's fingerprint, oldest first when asked", async () => {
    const first = (await (
      await fetch(`${sandbox.url}/v1/contracts/${USDT}/events?order_by=block_timestamp,asc&limit=1`)
    ).json()) as {
      data: { transaction_id: string }[];
      meta: { fingerprint?: string; links?: { next: string } };
    };
    expect(first.data).toHaveLength(1);
    expect(first.meta.fingerprint).toBeTruthy();
    const next = (await (await fetch(first.meta.links!.next)).json()) as { data: { transaction_id: string }[] };
    expect(next.data).toHaveLength(1);
    expect(next.data[0].transaction_id).not.toBe(first.data[0].transaction_id);
  });

  it("refuses a transaction signed by a key that is not the owner's (SIGERROR)", async () => {
    const tw = web(alice.privateKey);
    const tx = await tw.transactionBuilder.sendTrx(bob.address, 1_000, alice.address);
    const signed = utils.crypto.signTransaction(carol.privateKey, tx);
    const sent = (await tw.trx.sendRawTransaction(signed as never)) as {
      result?: boolean;
      code?: string;
      message?: string;
    };
    expect(sent.result).toBeUndefined();
    expect(sent.code).toBe("SIGERROR");
    expect(utf8(sent.message)).toContain(`is signed by ${carol.address} but it is not contained of permission`);
    expect(await tw.trx.getTransaction(tx.txID).catch((e: unknown) => String(e))).toMatch(/not found/i);
  });

  it("refuses an expired transaction (TRANSACTION_EXPIRATION_ERROR)", async () => {
    const tw = web(alice.privateKey);
    const ref = await tw.trx.getCurrentRefBlockParams();
    const tx = await tw.transactionBuilder.sendTrx(bob.address, 1_000, alice.address, {
      blockHeader: { ...ref, expiration: Date.now() - 1_000 },
    });
    const sent = (await tw.trx.sendRawTransaction(await tw.trx.sign(tx))) as { code?: string; message?: string };
    expect(sent.code).toBe("TRANSACTION_EXPIRATION_ERROR");
    expect(utf8(sent.message)).toBe("Transaction expired");
  });

  it("refuses a replayed transaction (DUP_TRANSACTION_ERROR) and one built on an unknown block (TAPOS_ERROR)", async () => {
    const tw = web(alice.privateKey);
    const signed = await tw.trx.sign(await tw.transactionBuilder.sendTrx(bob.address, 1_001, alice.address));
    expect(((await tw.trx.sendRawTransaction(signed)) as { result?: boolean }).result).toBe(true);
    await infoOf(tw, signed.txID);
    const again = (await tw.trx.sendRawTransaction(signed)) as { code?: string; message?: string };
    expect(again.code).toBe("DUP_TRANSACTION_ERROR");
    expect(utf8(again.message)).toBe("Dup transaction.");

    const ref = await tw.trx.getCurrentRefBlockParams();
    const forged = await tw.transactionBuilder.sendTrx(bob.address, 1_002, alice.address, {
      blockHeader: { ...ref, ref_block_hash: "0123456789abcdef" },
    });
    const tapos = (await tw.trx.sendRawTransaction(await tw.trx.sign(forged))) as { code?: string };
    expect(tapos.code).toBe("TAPOS_ERROR");
  });

  it("records a reverted call with REVERT and burns its energy", async () => {
    const poor = freshAccount();
    await web(alice.privateKey).trx.sendTransaction(poor.address.base58, 50_000_000);
    // 1 USDT more than it has (none): Tron's USDT reverts without a reason.
    const info = await trigger(poor.privateKey, tronTransferTransaction(USDT, bob.address, 1_000_000n));
    expect(info.result).toBe("FAILED");
    expect(info.receipt?.result).toBe("REVERT");
    expect(utf8(info.resMessage)).toBe("REVERT opcode executed");
    expect(info.receipt?.energy_usage_total).toBeGreaterThan(0);
    expect(info.receipt?.energy_fee).toBe(info.receipt!.energy_usage_total! * 100);
    expect((await web(poor.privateKey).trx.getTransaction(info.id!)).ret[0].contractRet).toBe("REVERT");
  });

  it("fails a call that needs more energy than the account's TRX can burn with OUT_OF_ENERGY, burning it all", async () => {
    const poor = freshAccount();
    const tw = web(alice.privateKey);
    await infoOf(tw, (await tw.trx.sendTransaction(poor.address.base58, 1_000_000)).transaction.txID); // 1 TRX
    await trigger(alice.privateKey, tronTransferTransaction(USDT, poor.address.base58, 5_000_000n));
    // 1 TRX buys 10 000 energy at 100 sun; a USDT transfer to a new holder needs more.
    const info = await trigger(poor.privateKey, tronTransferTransaction(USDT, carol.address, 1_000_000n));
    expect(info.receipt?.result).toBe("OUT_OF_ENERGY");
    expect(info.result).toBe("FAILED");
    expect(await tw.trx.getBalance(poor.address.base58)).toBe(0);
    expect(await trc20Balance(USDT, poor.address.base58)).toBe(5_000_000n);
  });

  it("honours fee_limit: a call whose energy costs more than its fee limit fails with OUT_OF_ENERGY, burning the limit", async () => {
    const feeLimit = 500_000; // 0.5 TRX: 5 000 energy
    const tw = web(alice.privateKey);
    const before = await tw.trx.getBalance(alice.address);
    const info = await trigger(alice.privateKey, tronTransferTransaction(USDT, bob.address, 1n), feeLimit);
    expect(info.receipt?.result).toBe("OUT_OF_ENERGY");
    expect(info.receipt?.energy_fee).toBe(feeLimit);
    expect(await tw.trx.getBalance(alice.address)).toBe(before - info.fee!);
  });

  it("refuses a transaction whose bandwidth the account can pay neither free nor in TRX (BANDWITH_ERROR)", async () => {
    const poor = freshAccount();
    const tw = web(alice.privateKey);
    await infoOf(tw, (await tw.trx.sendTransaction(poor.address.base58, 1_000)).transaction.txID);
    const mine = web(poor.privateKey);
    // The first transfer uses the free daily bandwidth; the next ones burn TRX it does not have.
    const first = await mine.trx.sendTransaction(bob.address, 1);
    await infoOf(mine, first.transaction.txID);
    const second = await mine.trx.sendTransaction(bob.address, 2);
    await infoOf(mine, second.transaction.txID);
    const third = (await mine.trx.sendTransaction(bob.address, 3)) as unknown as { code?: string };
    expect(third.code).toBe("BANDWITH_ERROR");
  });

  it("accepts a signed transaction posted as the service's broadcast relay posts it ({...signed, txID})", async () => {
    const tw = web(bob.privateKey);
    const { transaction } = await tw.transactionBuilder.triggerSmartContract(
      USDT,
      "",
      { input: tronApproveTransaction(USDT, FEE_PROXY, 1n).data.slice(2), feeLimit: FEE_LIMIT },
      [],
      bob.address,
    );
    const signed = await tw.trx.sign(transaction, bob.privateKey);
    const res = await fetch(`${sandbox.url}/wallet/broadcasttransaction`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ ...signed, txID: signed.txID }),
    });
    expect(await res.json()).toEqual({ result: true, txid: signed.txID });
    expect((await infoOf(tw, signed.txID)).receipt?.result).toBe("SUCCESS");
  });

  it("answers a path it does not serve with 404, as java-tron does", async () => {
    const res = await fetch(`${sandbox.url}/wallet/getassetissuelist`);
    expect(res.status).toBe(404);
  });

  it("keeps balances, transactions and blocks across a save and restore", async () => {
    const tw = web(alice.privateKey);
    const sent = await tw.trx.sendTransaction(bob.address, 3_333);
    await infoOf(tw, sent.transaction.txID);
    const balances = [await tw.trx.getBalance(alice.address), await trc20Balance(USDT, carol.address)];
    const head = (await tw.trx.getCurrentBlock()).block_header.raw_data.number;
    await sandbox.stop();
    sandbox = await startTronSandbox({ dataDir, port: 0, persistEveryMs: 0 });
    expect(sandbox.restored).toBe(true);
    const again = web(alice.privateKey);
    expect([await again.trx.getBalance(alice.address), await trc20Balance(USDT, carol.address)]).toEqual(balances);
    expect((await again.trx.getTransaction(sent.transaction.txID)).ret[0].contractRet).toBe("SUCCESS");
    expect((await again.trx.getCurrentBlock()).block_header.raw_data.number).toBeGreaterThanOrEqual(head);
    // The restored chain goes on: a new transfer is accepted and mined after the old head.
    const next = await again.trx.sendTransaction(bob.address, 4_444);
    expect((await infoOf(again, next.transaction.txID)).blockNumber).toBeGreaterThan(head);
  });
});
