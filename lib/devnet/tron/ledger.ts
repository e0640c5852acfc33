// What the sandbox Tron node remembers besides the TVM's state (which anvil keeps): blocks,
// transactions with their results, accounts' activation and bandwidth, and the contracts it
// knows the ABI of. Plain JSON, saved with the anvil state in one file (start-node.ts).
import { createHash } from "node:crypto";
import { ProtoWriter } from "./protobuf";

export interface BlockRecord {
  number: number;
  timestamp: number; // ms
  id: string; // blockID: 8 bytes of the number + 24 bytes of sha256(raw header)
  parentHash: string;
  txTrieRoot: string;
  witnessSignature: string;
  txIds: string[];
}

/** TransactionInfo as /wallet/gettransactioninfobyid prints it (visible=false). */
export interface TxInfo {
  id: string;
  fee?: number;
  blockNumber: number;
  blockTimeStamp: number;
  contractResult: string[];
  contract_address?: string;
  receipt: {
    energy_fee?: number;
    energy_usage_total?: number;
    net_usage?: number;
    net_fee?: number;
    result?: string;
  };
  log?: { address: string; topics: string[]; data: string }[];
  result?: "FAILED";
  resMessage?: string;
}

export interface TxRecord {
  txID: string;
  rawDataHex: string;
  signature: string[];
  contractRet: string; // Transaction.Result.contractRet: SUCCESS, REVERT, OUT_OF_ENERGY…
  info: TxInfo;
}

export interface AccountRecord {
  createTime: number;
  freeNetUsage: string; // bigint as decimal: bytes used of the daily free bandwidth
  latestConsumeFreeTime: number;
  latestOperationTime: number;
  /** Set for contract accounts (getaccount's `type: "Contract"`). */
  contract?: boolean;
}

export interface ContractRecord {
  name: string;
  abi: unknown[]; // Solidity ABI items as TronWeb loads them (getcontract's abi.entrys)
  originAddress: string; // 41-hex
  consumeUserResourcePercent: number;
  originEnergyLimit: number;
  token?: { symbol: string; name: string; decimals: number };
}

export interface LedgerState {
  version: 1;
  blocks: BlockRecord[];
  txs: Record<string, TxRecord>;
  accounts: Record<string, AccountRecord>;
  contracts: Record<string, ContractRecord>;
}

export function emptyLedger(): LedgerState {
  return { version: 1, blocks: [], txs: {}, accounts: {}, contracts: {} };
}

/** BlockHeader.raw (core/Tron.proto) as protobuf bytes: what the block id hashes. */
export function blockHeaderBytes(
  b: Omit<BlockRecord, "id" | "witnessSignature" | "txIds">,
  witness: string,
): Uint8Array {
  const hex = (h: string) => Uint8Array.from(Buffer.from(h, "hex"));
  return new ProtoWriter()
    .varint(1, b.timestamp)
    .bytes(2, hex(b.txTrieRoot))
    .bytes(3, hex(b.parentHash))
    .varint(7, b.number)
    .bytes(9, hex(witness))
    .varint(10, BLOCK_VERSION)
    .finish();
}

/** The block version java-tron writes today (BlockHeader.raw.version). */
export const BLOCK_VERSION = 32;

export function blockIdOf(number: number, headerBytes: Uint8Array): string {
  const hash = createHash("sha256").update(headerBytes).digest("hex");
  return number.toString(16).padStart(16, "0") + hash.slice(16);
}

/** A block's transactions' Merkle root; with one transaction, its hash (java-tron's MerkleTree). */
export function txTrieRoot(txHashes: readonly string[]): string {
  if (txHashes.length === 0) return "0".repeat(64);
  let level = txHashes;
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) {
      if (i + 1 === level.length) next.push(level[i]);
      else
        next.push(
          createHash("sha256")
            .update(Buffer.from(level[i] + level[i + 1], "hex"))
            .digest("hex"),
        );
    }
    level = next;
  }
  return level[0];
}

/** ref_block_bytes / ref_block_hash of a transaction that references `block` (TAPOS). */
export function referenceOf(block: Pick<BlockRecord, "number" | "id">): {
  ref_block_bytes: string;
  ref_block_hash: string;
} {
  return {
    ref_block_bytes: block.number.toString(16).padStart(16, "0").slice(12, 16),
    ref_block_hash: block.id.slice(16, 32),
  };
}
