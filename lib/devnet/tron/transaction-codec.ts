// Tron transactions on the wire: the JSON java-tron's HTTP API speaks (visible=false: hex
// addresses with their 41 prefix) and the protobuf bytes behind it (protocol.Transaction,
// core/Tron.proto; TriggerSmartContract and TransferContract, core/contract/*.proto).
// txID = sha256(raw_data bytes); the owner signs the txID with secp256k1 (r ‖ s ‖ v).
import { createHash } from "node:crypto";
import { type Hex, recoverAddress } from "viem";
import { bytesOf, int64, ProtoWriter, readFields } from "./protobuf";

export interface TriggerSmartContractValue {
  owner_address: string;
  contract_address: string;
  data?: string;
  call_value?: number;
  call_token_value?: number;
  token_id?: number;
}

export interface TransferContractValue {
  owner_address: string;
  to_address: string;
  amount: number;
}

export type TronContract =
  | {
      type: "TriggerSmartContract";
      parameter: { value: TriggerSmartContractValue; type_url: string };
      Permission_id?: number;
    }
  | {
      type: "TransferContract";
      parameter: { value: TransferContractValue; type_url: string };
      Permission_id?: number;
    };

export interface RawData {
  contract: TronContract[];
  ref_block_bytes: string;
  ref_block_hash: string;
  expiration: number;
  timestamp: number;
  fee_limit?: number;
  data?: string;
}

export interface TronTransaction {
  visible: boolean;
  txID: string;
  raw_data: RawData;
  raw_data_hex: string;
  signature?: string[];
  ret?: { contractRet: string }[];
}

const CONTRACT_TYPES = { TransferContract: 1, TriggerSmartContract: 31 } as const;
const TYPE_URL = (type: string) => `type.googleapis.com/protocol.${type}`;

const hexBytes = (hex: string | undefined): Uint8Array =>
  Uint8Array.from(Buffer.from((hex ?? "").replace(/^0x/i, ""), "hex"));
const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

function encodeContract(contract: TronContract): Uint8Array {
  let value: Uint8Array;
  if (contract.type === "TriggerSmartContract") {
    const v = contract.parameter.value;
    value = new ProtoWriter()
      .bytes(1, hexBytes(v.owner_address))
      .bytes(2, hexBytes(v.contract_address))
      .varint(3, v.call_value)
      .bytes(4, hexBytes(v.data))
      .varint(5, v.call_token_value)
      .varint(6, v.token_id)
      .finish();
  } else if (contract.type === "TransferContract") {
    const v = contract.parameter.value;
    value = new ProtoWriter()
      .bytes(1, hexBytes(v.owner_address))
      .bytes(2, hexBytes(v.to_address))
      .varint(3, v.amount)
      .finish();
  } else {
    throw new Error(`unsupported contract type ${(contract as { type: string }).type}`);
  }
  const any = new ProtoWriter().string(1, TYPE_URL(contract.type)).bytes(2, value).finish();
  return new ProtoWriter()
    .varint(1, CONTRACT_TYPES[contract.type])
    .bytes(2, any)
    .varint(5, contract.Permission_id)
    .finish();
}

/** The protobuf bytes of raw_data (what txID hashes and raw_data_hex shows). */
export function encodeRawData(raw: RawData): Uint8Array {
  const w = new ProtoWriter()
    .bytes(1, hexBytes(raw.ref_block_bytes))
    .bytes(4, hexBytes(raw.ref_block_hash))
    .varint(8, raw.expiration)
    .bytes(10, hexBytes(raw.data));
  for (const c of raw.contract) w.bytes(11, encodeContract(c));
  return w.varint(14, raw.timestamp).varint(18, raw.fee_limit).finish();
}

const num = (v: bigint): number => {
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER))
    throw new Error("int64 value beyond what JSON numbers carry exactly");
  return Number(v);
};

function decodeContract(bytes: Uint8Array): TronContract {
  const f = readFields(bytes);
  const typeNumber = Number(int64(f.get(1)?.[0]));
  const any = readFields(bytesOf(f.get(2)?.[0]));
  const typeUrl = new TextDecoder().decode(bytesOf(any.get(1)?.[0]));
  const value = readFields(bytesOf(any.get(2)?.[0]));
  const permission = Number(int64(f.get(5)?.[0]));
  const withPermission = <T extends object>(c: T) => (permission ? { ...c, Permission_id: permission } : c);
  const type = (Object.keys(CONTRACT_TYPES) as (keyof typeof CONTRACT_TYPES)[]).find(
    (k) => CONTRACT_TYPES[k] === typeNumber,
  );
  if (!type || typeUrl !== TYPE_URL(type))
    throw new Error(`unsupported contract type ${typeNumber} (${typeUrl || "no type_url"})`);
  if (type === "TriggerSmartContract") {
    const v: TriggerSmartContractValue = {
      owner_address: toHex(bytesOf(value.get(1)?.[0])),
      contract_address: toHex(bytesOf(value.get(2)?.[0])),
    };
    const data = bytesOf(value.get(4)?.[0]);
    if (data.length > 0) v.data = toHex(data);
    const callValue = int64(value.get(3)?.[0]);
    if (callValue !== 0n) v.call_value = num(callValue);
    const tokenValue = int64(value.get(5)?.[0]);
    if (tokenValue !== 0n) v.call_token_value = num(tokenValue);
    const tokenId = int64(value.get(6)?.[0]);
    if (tokenId !== 0n) v.token_id = num(tokenId);
    return withPermission({ type, parameter: { value: v, type_url: typeUrl } });
  }
  return withPermission({
    type,
    parameter: {
      value: {
        owner_address: toHex(bytesOf(value.get(1)?.[0])),
        to_address: toHex(bytesOf(value.get(2)?.[0])),
        amount: num(int64(value.get(3)?.[0])),
      },
      type_url: typeUrl,
    },
  });
}

/** raw_data as java-tron prints it, from its protobuf bytes. */
export function decodeRawData(bytes: Uint8Array): RawData {
  const f = readFields(bytes);
  const raw: RawData = {
    contract: (f.get(11) ?? []).map((c) => decodeContract(bytesOf(c))),
    ref_block_bytes: toHex(bytesOf(f.get(1)?.[0])),
    ref_block_hash: toHex(bytesOf(f.get(4)?.[0])),
    expiration: num(int64(f.get(8)?.[0])),
    timestamp: num(int64(f.get(14)?.[0])),
  };
  const data = bytesOf(f.get(10)?.[0]);
  if (data.length > 0) raw.data = toHex(data);
  const feeLimit = int64(f.get(18)?.[0]);
  if (feeLimit !== 0n) raw.fee_limit = num(feeLimit);
  return raw;
}

export function txIdOf(rawBytes: Uint8Array): string {
  return createHash("sha256").update(rawBytes).digest("hex");
}

/** A signed protocol.Transaction (as /wallet/broadcasthex takes it): raw_data bytes and signatures. */
export function decodeSignedTransaction(bytes: Uint8Array): { rawBytes: Uint8Array; signatures: string[] } {
  const f = readFields(bytes);
  return {
    rawBytes: bytesOf(f.get(1)?.[0]),
    signatures: (f.get(2) ?? []).map((s) => toHex(bytesOf(s))),
  };
}

/** The full transaction's protobuf size (signatures included), which bandwidth is charged on. */
export function signedSize(rawBytes: Uint8Array, signatures: readonly string[]): number {
  const w = new ProtoWriter().bytes(1, rawBytes);
  for (const s of signatures) w.bytes(2, hexBytes(s));
  return w.finish().length;
}

/** The Tron address (41 + 20 bytes, hex) whose key made `signature` over `txId`. */
export async function recoverSigner(txId: string, signature: string): Promise<string> {
  const sig = hexBytes(signature);
  if (sig.length < 65) throw new Error(`Signature size is ${sig.length}`);
  const v = sig[64] >= 27 ? sig[64] - 27 : sig[64];
  if (v !== 0 && v !== 1) throw new Error("Signature recovery id is not 0 or 1");
  const address = await recoverAddress({
    hash: `0x${txId}`,
    signature: { r: `0x${toHex(sig.slice(0, 32))}` as Hex, s: `0x${toHex(sig.slice(32, 64))}` as Hex, yParity: v },
  });
  return `41${address.slice(2).toLowerCase()}`;
}
