// The sandbox Tron node: validates and executes Tron transactions as java-tron does for the
// part of the protocol the service uses (TRX transfers, smart-contract triggers), mines them
// into Tron blocks and answers the reads. Contract code runs on an anvil (tvm.ts); TRX
// balances are that anvil's balances in sun. One operation at a time (exclusive), like a
// single-threaded block producer. docs/decisions/tron-sandbox-node.md says what it leaves out.
import { createHash } from "node:crypto";
import { base58, evmOf, hex41 } from "./addresses";
import {
  BLOCK_INTERVAL_MS,
  CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT,
  DEFAULT_EXPIRATION_MS,
  ENERGY_FEE,
  MAX_FEE_LIMIT,
  MAXIMUM_TIME_UNTIL_EXPIRATION_MS,
} from "./chain-params";
import {
  type AccountRecord,
  type BlockRecord,
  blockHeaderBytes,
  blockIdOf,
  type LedgerState,
  referenceOf,
  type TxInfo,
  type TxRecord,
  txTrieRoot,
} from "./ledger";
import { bandwidthBytes, billBandwidth, energyLimit } from "./resources";
import {
  decodeRawData,
  encodeRawData,
  type RawData,
  recoverSigner,
  signedSize,
  type TronContract,
  type TronTransaction,
  txIdOf,
} from "./transaction-codec";
import type { Tvm, TvmResult } from "./tvm";
import { SANDBOX_WITNESS_ADDRESS, signBlock } from "./witness";

/** java-tron's GrpcAPI.Return codes a broadcast is refused with. */
export type RefusalCode =
  | "SIGERROR"
  | "CONTRACT_VALIDATE_ERROR"
  | "CONTRACT_EXE_ERROR"
  | "BANDWITH_ERROR"
  | "DUP_TRANSACTION_ERROR"
  | "TAPOS_ERROR"
  | "TOO_BIG_TRANSACTION_ERROR"
  | "TRANSACTION_EXPIRATION_ERROR"
  | "OTHER_ERROR";

export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
  }
}

const validateError = (message: string) => new Refusal("CONTRACT_VALIDATE_ERROR", message);

/** The message a refused broadcast carries (Wallet.broadcastTransaction prefixes validation errors). */
export function refusalMessage(r: Refusal): string {
  return r.code === "CONTRACT_VALIDATE_ERROR" ? `Contract validate error : ${r.message}` : r.message;
}

/** 500 KB: java-tron's TRANSACTION_MAX_BYTE_SIZE. */
const TRANSACTION_MAX_BYTES = 500 * 1024;
const RECENT_BLOCKS = 65_536;

export interface BuildTriggerRequest {
  owner: string; // 41-hex
  contract: string;
  data: string; // hex, no 0x
  callValue: bigint;
  feeLimit: bigint;
  permissionId?: number;
}

export interface Broadcastable {
  rawBytes: Uint8Array;
  signatures: string[];
}

export type BroadcastResult =
  | { result: true; txid: string }
  | { result: false; txid: string; code: RefusalCode; message: string };

/** A contract failure the TVM reported, as Tron's Transaction.Result.contractResult names it. */
function contractRet(r: TvmResult): string {
  if (r.success) return "SUCCESS";
  if (r.reverted) return "REVERT";
  const error = r.error ?? "";
  if (error.startsWith("out of gas")) return "OUT_OF_ENERGY";
  if (/invalid opcode|not defined|InvalidFEOpcode/i.test(error)) return "ILLEGAL_OPERATION";
  if (/invalid jump/i.test(error)) return "BAD_JUMP_DESTINATION";
  if (/stack underflow/i.test(error)) return "STACK_TOO_SMALL";
  if (/stack (limit|overflow)/i.test(error)) return "STACK_TOO_LARGE";
  return "UNKNOWN";
}

/** What java-tron writes in resMessage for a failed call. */
function failureMessage(ret: string, energyLimitUsed: bigint): string {
  if (ret === "REVERT") return "REVERT opcode executed";
  if (ret === "OUT_OF_ENERGY") return `Not enough energy: energy limit ${energyLimitUsed} used up`;
  return ret;
}

const utf8Hex = (s: string) => Buffer.from(s, "utf8").toString("hex");
const n = (v: bigint) => Number(v);

export class TronNode {
  private serial: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly tvm: Tvm,
    private readonly state: LedgerState,
    private readonly clock: () => number,
    /** Blocks must be stamped after every anvil block the set-up mined (anvil's timestamps only grow). */
    private floorMs: number,
  ) {}

  static async open(tvm: Tvm, state: LedgerState, clock: () => number = Date.now): Promise<TronNode> {
    await tvm.acceptAnySender();
    const latest = await tvm.latestTimestampMs();
    const node = new TronNode(tvm, state, clock, latest);
    if (state.blocks.length === 0) {
      await node.mine([], 0); // genesis
      await node.mine([]); // a head with a number (java-tron prints none for block 0)
    }
    return node;
  }

  /** Runs `fn` after every earlier operation: state changes never interleave. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.serial.then(fn, fn);
    this.serial = next.catch(() => undefined);
    return next;
  }

  /** A copy of the ledger to save (with the TVM state of the same moment: call inside exclusive). */
  snapshot(): LedgerState {
    return structuredClone(this.state);
  }

  get ledger(): Readonly<LedgerState> {
    return this.state;
  }

  head(): BlockRecord {
    return this.state.blocks[this.state.blocks.length - 1];
  }

  /** The time the next block would carry: a 3-second slot, after the head and the floor. */
  private nextBlockTime(): number {
    const slot = Math.floor(this.clock() / BLOCK_INTERVAL_MS) * BLOCK_INTERVAL_MS;
    const afterHead = this.state.blocks.length > 0 ? this.head().timestamp + BLOCK_INTERVAL_MS : 0;
    const afterFloor = Math.ceil((this.floorMs + 1) / BLOCK_INTERVAL_MS) * BLOCK_INTERVAL_MS;
    return Math.max(slot, afterHead, afterFloor);
  }

  /**
   * Blocks are produced when something happens, not every 3 seconds: a read of the head finds
   * one at most a slot old (an empty block is mined when the head is older), so transactions
   * built on it expire a minute after "now", as on Tron, while an idle chain stores nothing.
   */
  async freshHead(): Promise<BlockRecord> {
    if (this.clock() - this.head().timestamp >= BLOCK_INTERVAL_MS) await this.mine([]);
    return this.head();
  }

  private async mine(records: TxRecord[], at?: number): Promise<BlockRecord> {
    const parent = this.state.blocks.at(-1);
    const number = parent ? parent.number + 1 : 0;
    const timestamp = at ?? this.nextBlockTime();
    const header = {
      number,
      timestamp,
      parentHash: parent?.id ?? "0".repeat(64),
      txTrieRoot: txTrieRoot(
        records.map((r) =>
          createHash("sha256")
            .update(Buffer.from(r.rawDataHex + r.signature.join(""), "hex"))
            .digest("hex"),
        ),
      ),
    };
    const bytes = blockHeaderBytes(header, SANDBOX_WITNESS_ADDRESS);
    const block: BlockRecord = {
      ...header,
      id: blockIdOf(number, bytes),
      witnessSignature: await signBlock(createHash("sha256").update(bytes).digest("hex")),
      txIds: records.map((r) => r.txID),
    };
    for (const r of records) {
      r.info.blockNumber = number;
      r.info.blockTimeStamp = timestamp;
      this.state.txs[r.txID] = r;
    }
    this.state.blocks.push(block);
    return block;
  }

  account(hex: string): AccountRecord | undefined {
    return this.state.accounts[hex];
  }

  balance(hex: string): Promise<bigint> {
    return this.tvm.balance(evmOf(hex));
  }

  code(hex: string): Promise<string> {
    return this.tvm.code(evmOf(hex));
  }

  /** TronGrid's `trc20`: the account's non-zero balances of the tokens the node knows, `[{base58: amount}]`. */
  async trc20Balances(hex: string): Promise<Record<string, string>[]> {
    const out: Record<string, string>[] = [];
    for (const [address, c] of Object.entries(this.state.contracts)) {
      if (!c.token) continue;
      const r = await this.tvm.call(evmOf(hex), evmOf(address), `70a08231${hex.slice(2).padStart(64, "0")}`, 0n);
      const amount = r.success && r.output ? BigInt(`0x${r.output}`) : 0n;
      if (amount > 0n) out.push({ [base58(address)]: amount.toString() });
    }
    return out;
  }

  /** Activates an account (as receiving TRX does) and sets its balance: the set-up's faucet. */
  async fund(hex: string, sun: bigint): Promise<void> {
    this.activate(hex);
    await this.tvm.setBalance(evmOf(hex), sun);
  }

  /** Records a contract placed on the TVM (set-up), so getcontract and events know its ABI. */
  registerContract(hex: string, record: LedgerState["contracts"][string]): void {
    this.state.contracts[hex] = record;
    this.activate(hex).contract = true;
  }

  private activate(hex: string): AccountRecord {
    const now = this.head()?.timestamp ?? this.clock();
    this.state.accounts[hex] ??= {
      createTime: now,
      freeNetUsage: "0",
      latestConsumeFreeTime: 0,
      latestOperationTime: now,
    };
    return this.state.accounts[hex];
  }

  // ── building transactions (unsigned), as /wallet/triggersmartcontract and createtransaction ──

  private async rawFor(contract: TronContract, feeLimit?: bigint): Promise<RawData> {
    const head = await this.freshHead();
    return {
      contract: [contract],
      ...referenceOf(head),
      expiration: head.timestamp + DEFAULT_EXPIRATION_MS,
      ...(feeLimit ? { fee_limit: n(feeLimit) } : {}),
      timestamp: this.clock(),
    };
  }

  async buildTrigger(req: BuildTriggerRequest): Promise<TronTransaction> {
    if ((await this.tvm.code(evmOf(req.contract))) === "") throw validateError("No contract or not a smart contract");
    const value = {
      ...(req.data ? { data: req.data } : {}),
      owner_address: req.owner,
      contract_address: req.contract,
      ...(req.callValue ? { call_value: n(req.callValue) } : {}),
    };
    const contract: TronContract = {
      type: "TriggerSmartContract",
      parameter: { value, type_url: "type.googleapis.com/protocol.TriggerSmartContract" },
      ...(req.permissionId ? { Permission_id: req.permissionId } : {}),
    };
    return this.unsigned(await this.rawFor(contract, req.feeLimit));
  }

  async buildTransfer(owner: string, to: string, amount: bigint): Promise<TronTransaction> {
    const contract: TronContract = {
      type: "TransferContract",
      parameter: {
        value: { amount: n(amount), owner_address: owner, to_address: to },
        type_url: "type.googleapis.com/protocol.TransferContract",
      },
    };
    await this.validateTransfer(owner, to, amount);
    return this.unsigned(await this.rawFor(contract));
  }

  private unsigned(raw: RawData): TronTransaction {
    const bytes = encodeRawData(raw);
    return { visible: false, txID: txIdOf(bytes), raw_data: raw, raw_data_hex: Buffer.from(bytes).toString("hex") };
  }

  /** A read-only execution at the head (triggerconstantcontract, estimateenergy). */
  async constantCall(owner: string, contract: string, data: string, callValue: bigint): Promise<TvmResult> {
    return this.tvm.call(evmOf(owner), evmOf(contract), data, callValue);
  }

  // ── broadcasting ──

  async broadcast(tx: Broadcastable): Promise<BroadcastResult> {
    const txid = txIdOf(tx.rawBytes);
    try {
      await this.apply(txid, tx);
      return { result: true, txid };
    } catch (error) {
      if (error instanceof Refusal) return { result: false, txid, code: error.code, message: refusalMessage(error) };
      throw error;
    }
  }

  private async apply(txid: string, tx: Broadcastable): Promise<void> {
    const size = signedSize(tx.rawBytes, tx.signatures);
    if (size > TRANSACTION_MAX_BYTES)
      throw new Refusal("TOO_BIG_TRANSACTION_ERROR", `Too big transaction, the size is ${size} bytes`);
    let raw: RawData;
    try {
      raw = decodeRawData(tx.rawBytes);
    } catch (error) {
      throw new Refusal("OTHER_ERROR", `Error: ${(error as Error).message}`);
    }
    if (raw.contract.length !== 1)
      throw raw.contract.length === 0
        ? validateError("No contract!")
        : new Refusal("OTHER_ERROR", "Error: contract size should be exactly 1");
    const contract = raw.contract[0];
    const owner = contract.parameter.value.owner_address;

    const blockTime = this.nextBlockTime();
    if (raw.expiration < blockTime) throw new Refusal("TRANSACTION_EXPIRATION_ERROR", "Transaction expired");
    await this.checkSignature(txid, tx.signatures, owner);
    this.checkTapos(raw);
    const headTime = Math.max(this.head().timestamp, blockTime - BLOCK_INTERVAL_MS);
    if (raw.expiration > headTime + MAXIMUM_TIME_UNTIL_EXPIRATION_MS)
      throw new Refusal("TRANSACTION_EXPIRATION_ERROR", "Transaction expired");
    if (this.state.txs[txid]) throw new Refusal("DUP_TRANSACTION_ERROR", "Dup transaction.");
    if (!this.state.accounts[owner]) throw validateError(`account [${base58(owner)}] does not exist`);

    const record =
      contract.type === "TransferContract"
        ? await this.applyTransfer(txid, tx, size, contract.parameter.value, blockTime)
        : await this.applyTrigger(txid, tx, size, contract.parameter.value, raw, blockTime);
    await this.mine([record], blockTime);
  }

  private async checkSignature(txid: string, signatures: string[], owner: string): Promise<void> {
    const sigError = (message: string) => new Refusal("SIGERROR", `Validate signature error: ${message}`);
    if (signatures.length === 0) throw sigError("miss sig or contract");
    // Only the owner permission (one key, threshold 1) exists here: multi-signature is not modelled.
    if (signatures.length > 1)
      throw sigError(`Signature count is ${signatures.length} more than key counts of permission : 1`);
    let signer: string;
    try {
      signer = await recoverSigner(txid, signatures[0]);
    } catch (error) {
      throw sigError((error as Error).message);
    }
    if (signer !== owner)
      throw sigError(`${signatures[0]} is signed by ${base58(signer)} but it is not contained of permission.`);
  }

  private checkTapos(raw: RawData): void {
    const low = Number.parseInt(raw.ref_block_bytes || "0", 16);
    const recent = this.state.blocks.slice(-RECENT_BLOCKS);
    const block = [...recent].reverse().find((b) => (b.number & 0xffff) === low);
    if (!block || block.id.slice(16, 32) !== raw.ref_block_hash || raw.ref_block_bytes.length !== 4)
      throw new Refusal("TAPOS_ERROR", "Tapos check error.");
  }

  private async validateTransfer(owner: string, to: string, amount: bigint): Promise<bigint> {
    if (owner === to) throw validateError("Cannot transfer TRX to yourself.");
    if (!this.state.accounts[owner]) throw validateError("Validate TransferContract error, no OwnerAccount.");
    if (amount <= 0n) throw validateError("Amount must be greater than 0.");
    const fee = this.state.accounts[to] ? 0n : CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT;
    if ((await this.balance(owner)) < amount + fee)
      throw validateError("Validate TransferContract error, balance is not sufficient.");
    return fee;
  }

  /** Bills bandwidth (refusing the transaction when it cannot be paid) and returns the receipt part. */
  private async billNet(owner: string, size: number, createsAccount: boolean, balance: bigint, at: number) {
    const account = this.state.accounts[owner];
    const bill = billBandwidth({
      bytes: bandwidthBytes(size),
      balance,
      freeNetUsage: BigInt(account.freeNetUsage),
      lastFreeMs: account.latestConsumeFreeTime,
      nowMs: at,
      createsAccount,
    });
    if (bill.kind === "insufficient") throw new Refusal("BANDWITH_ERROR", "Account resource insufficient error.");
    return bill;
  }

  private commitNet(owner: string, bill: Awaited<ReturnType<TronNode["billNet"]>>, at: number): void {
    const account = this.state.accounts[owner];
    if (bill.kind === "free") {
      account.freeNetUsage = bill.freeNetUsage.toString();
      account.latestConsumeFreeTime = at;
    }
    account.latestOperationTime = at;
  }

  private async applyTransfer(
    txid: string,
    tx: Broadcastable,
    size: number,
    value: { owner_address: string; to_address: string; amount: number },
    at: number,
  ): Promise<TxRecord> {
    const owner = value.owner_address;
    const to = hex41(value.to_address, "toAddress");
    const amount = BigInt(value.amount);
    const creationFee = await this.validateTransfer(owner, to, amount);
    const balance = await this.balance(owner);
    const bill = await this.billNet(owner, size, creationFee > 0n, balance, at);
    const netFee = bill.kind === "burn" ? bill.fee : 0n;
    if (balance < amount + creationFee + netFee)
      throw validateError("Validate TransferContract error, balance is not sufficient.");
    this.commitNet(owner, bill, at);
    const toBalance = await this.balance(to);
    await this.tvm.setBalance(evmOf(owner), balance - amount - creationFee - netFee);
    this.activate(to);
    await this.tvm.setBalance(evmOf(to), toBalance + amount);
    const fee = netFee + creationFee;
    return this.record(txid, tx, "SUCCESS", {
      ...(fee > 0n ? { fee: n(fee) } : {}),
      contractResult: [""],
      receipt: bill.kind === "free" ? { net_usage: n(bill.bytes) } : { net_fee: n(netFee) },
    });
  }

  private async applyTrigger(
    txid: string,
    tx: Broadcastable,
    size: number,
    value: {
      owner_address: string;
      contract_address: string;
      data?: string;
      call_value?: number;
      call_token_value?: number;
      token_id?: number;
    },
    raw: RawData,
    at: number,
  ): Promise<TxRecord> {
    const owner = value.owner_address;
    const target = value.contract_address;
    const feeLimit = BigInt(raw.fee_limit ?? 0);
    const callValue = BigInt(value.call_value ?? 0);
    if (feeLimit < 0n || feeLimit > MAX_FEE_LIMIT) throw validateError(`feeLimit must be >= 0 and <= ${MAX_FEE_LIMIT}`);
    if (callValue < 0n) throw validateError("callValue must be >= 0");
    if (value.call_token_value || value.token_id)
      throw validateError("the sandbox node has no TRC-10 tokens (call_token_value, token_id)");
    if ((await this.tvm.code(evmOf(target))) === "") throw validateError("No contract or not a smart contract");
    const balance = await this.balance(owner);
    if (balance < callValue) throw validateError("balance is not sufficient");
    const bill = await this.billNet(owner, size, false, balance, at);
    this.commitNet(owner, bill, at);
    const netFee = bill.kind === "burn" ? bill.fee : 0n;
    if (netFee > 0n) await this.tvm.setBalance(evmOf(owner), balance - netFee);

    const limit = energyLimit(balance - netFee, callValue, feeLimit);
    const result = await this.tvm.execute({
      from: evmOf(owner),
      to: evmOf(target),
      dataHex: value.data ?? "",
      value: callValue,
      energyLimit: limit,
      timestampSec: Math.floor(at / 1000),
    });
    const ret = contractRet(result);
    // A call that ran out of energy (or hit an invalid instruction) burns all the energy it was allowed.
    const energy = result.success || result.reverted ? result.energyUsed : limit;
    const energyFee = energy * ENERGY_FEE;
    if (energyFee > 0n) await this.tvm.setBalance(evmOf(owner), (await this.balance(owner)) - energyFee);
    const fee = netFee + energyFee;
    const info: Omit<TxInfo, "id" | "blockNumber" | "blockTimeStamp"> = {
      ...(fee > 0n ? { fee: n(fee) } : {}),
      contractResult: [result.output],
      contract_address: target,
      receipt: {
        ...(energyFee > 0n ? { energy_fee: n(energyFee) } : {}),
        ...(energy > 0n ? { energy_usage_total: n(energy) } : {}),
        ...(bill.kind === "free" ? { net_usage: n(bill.bytes) } : { net_fee: n(netFee) }),
        result: ret,
      },
      ...(result.logs.length > 0 ? { log: result.logs } : {}),
      ...(ret === "SUCCESS" ? {} : { result: "FAILED" as const, resMessage: utf8Hex(failureMessage(ret, limit)) }),
    };
    return this.record(txid, tx, ret, info);
  }

  private record(
    txid: string,
    tx: Broadcastable,
    ret: string,
    info: Omit<TxInfo, "id" | "blockNumber" | "blockTimeStamp">,
  ): TxRecord {
    return {
      txID: txid,
      rawDataHex: Buffer.from(tx.rawBytes).toString("hex"),
      signature: tx.signatures,
      contractRet: ret,
      // java-tron's field order: id, fee, blockNumber, blockTimeStamp, contractResult, …
      info: { id: txid, ...(info.fee ? { fee: info.fee } : {}), blockNumber: 0, blockTimeStamp: 0, ...info },
    };
  }
}
