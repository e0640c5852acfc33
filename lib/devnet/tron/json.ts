// How the node prints blocks, transactions and accounts: java-tron's JSON (JsonFormat with
// visible=false: hex addresses, default values left out).

import { BLOCK_VERSION, type BlockRecord, type ContractRecord, type TxRecord } from "./ledger";
import { decodeRawData } from "./transaction-codec";
import { SANDBOX_WITNESS_ADDRESS } from "./witness";

/** A mined transaction as gettransactionbyid and blocks print it. */
export function transactionJson(r: TxRecord) {
  return {
    ret: [{ contractRet: r.contractRet }],
    signature: r.signature,
    txID: r.txID,
    raw_data: decodeRawData(Uint8Array.from(Buffer.from(r.rawDataHex, "hex"))),
    raw_data_hex: r.rawDataHex,
  };
}

export function blockJson(b: BlockRecord, txs: Record<string, TxRecord>, detail = true) {
  const raw_data = {
    ...(b.number ? { number: b.number } : {}),
    txTrieRoot: b.txTrieRoot,
    witness_address: SANDBOX_WITNESS_ADDRESS,
    parentHash: b.parentHash,
    version: BLOCK_VERSION,
    ...(b.timestamp ? { timestamp: b.timestamp } : {}),
  };
  return {
    blockID: b.id,
    block_header: { raw_data, witness_signature: b.witnessSignature },
    ...(detail && b.txIds.length > 0 ? { transactions: b.txIds.map((id) => transactionJson(txs[id])) } : {}),
  };
}

/** getcontract's abi.entrys: java-tron capitalises type and stateMutability and marks constants. */
function entry(item: Record<string, unknown>) {
  const cap = (s: unknown) => (typeof s === "string" && s ? s[0].toUpperCase() + s.slice(1) : s);
  const mutability = item.stateMutability as string | undefined;
  const params = (list: unknown) =>
    Array.isArray(list)
      ? list.map((p: Record<string, unknown>) => ({
          ...(p.indexed ? { indexed: true } : {}),
          name: p.name,
          type: p.type,
        }))
      : undefined;
  return {
    ...(mutability === "view" || mutability === "pure" ? { constant: true } : {}),
    ...(item.anonymous ? { anonymous: true } : {}),
    ...(item.inputs ? { inputs: params(item.inputs) } : {}),
    ...(item.name ? { name: item.name } : {}),
    ...(Array.isArray(item.outputs) && item.outputs.length > 0 ? { outputs: params(item.outputs) } : {}),
    ...(mutability === "payable" ? { payable: true } : {}),
    ...(mutability ? { stateMutability: cap(mutability) } : {}),
    type: cap(item.type),
  };
}

export function contractJson(address: string, c: ContractRecord, bytecode: string) {
  return {
    origin_address: c.originAddress,
    contract_address: address,
    abi: { entrys: c.abi.map((i) => entry(i as Record<string, unknown>)) },
    bytecode,
    ...(c.consumeUserResourcePercent ? { consume_user_resource_percent: c.consumeUserResourcePercent } : {}),
    name: c.name,
    origin_energy_limit: c.originEnergyLimit,
  };
}
