// TronGrid's /v1 API over the node's ledger: contract events decoded with the ABIs the node
// knows, an account's TRC-20 transfers, an account with its TRC-20 balances. TronGrid's shapes:
// `{data, success, meta: {at, page_size, fingerprint?, links?}}`, snake_case fields, addresses
// in `result` as 0x + 20 bytes, integers as decimal strings. The sandbox has no unconfirmed
// window: every event is confirmed (`only_unconfirmed=true` finds none).
import { type Abi, type AbiEvent, decodeEventLog, type Hex, toEventSelector } from "viem";
import { base58, hex41, hexOfEvm } from "./addresses";
import type { LedgerState } from "./ledger";

export class BadQuery extends Error {}

export interface TronGridEvent {
  block_number: number;
  block_timestamp: number;
  caller_contract_address: string;
  contract_address: string;
  event_index: number;
  event_name: string;
  result: Record<string, string>;
  result_type: Record<string, string>;
  event: string;
  transaction_id: string;
}

interface Positioned<T> {
  key: [number, number, number]; // block number, index in block, log index: a total order
  item: T;
}

/** TronGrid takes camelCase or snake_case query names. */
export function queryOf(search: URLSearchParams): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of search)
    out.set(
      k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      v,
    );
  return out;
}

function intParam(q: Map<string, string>, ...names: string[]): number | undefined {
  for (const name of names) {
    const v = q.get(name);
    if (v === undefined || v === "") continue;
    if (!/^\d+$/.test(v)) throw new BadQuery(`${name} must be a non-negative integer`);
    return Number(v);
  }
  return undefined;
}

function format(type: string, value: unknown): string {
  if (type === "address") return (value as string).toLowerCase();
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return String(value);
  if (typeof value === "string" && value.startsWith("0x") && type !== "string") return value.slice(2);
  return String(value);
}

/** Every decodable event of the ledger, oldest first. */
function allEvents(ledger: LedgerState): Positioned<TronGridEvent>[] {
  const out: Positioned<TronGridEvent>[] = [];
  for (const block of ledger.blocks) {
    block.txIds.forEach((txId, txIndex) => {
      const info = ledger.txs[txId].info;
      (info.log ?? []).forEach((log, logIndex) => {
        const emitter = hexOfEvm(log.address);
        const contract = ledger.contracts[emitter];
        if (!contract) return;
        const event = decodeWith(contract.abi as Abi, log);
        if (!event) return;
        out.push({
          key: [block.number, txIndex, logIndex],
          item: {
            block_number: block.number,
            block_timestamp: block.timestamp,
            caller_contract_address: base58(info.contract_address ?? emitter),
            contract_address: base58(emitter),
            event_index: logIndex,
            event_name: event.name,
            result: event.result,
            result_type: event.resultType,
            event: event.signature,
            transaction_id: txId,
          },
        });
      });
    });
  }
  return out;
}

function decodeWith(abi: Abi, log: { topics: string[]; data: string }) {
  const abiEvent = abi.find((i): i is AbiEvent => i.type === "event" && toEventSelector(i).slice(2) === log.topics[0]);
  if (!abiEvent) return null;
  try {
    const decoded = decodeEventLog({
      abi: [abiEvent],
      topics: log.topics.map((t) => `0x${t}` as Hex) as [Hex, ...Hex[]],
      data: `0x${log.data}`,
    });
    const args = decoded.args as unknown as Record<string, unknown>;
    const result: Record<string, string> = {};
    const resultType: Record<string, string> = {};
    abiEvent.inputs.forEach((input, i) => {
      const value = format(input.type, args[input.name ?? String(i)]);
      result[String(i)] = value;
      if (input.name) {
        result[input.name] = value;
        resultType[input.name] = input.type;
      }
    });
    const params = abiEvent.inputs.map((p) => `${p.type}${p.indexed ? " indexed" : ""} ${p.name}`).join(", ");
    return { name: abiEvent.name, result, resultType, signature: `${abiEvent.name}(${params})` };
  } catch {
    return null;
  }
}

const encodeFingerprint = (key: number[]) => Buffer.from(JSON.stringify(key)).toString("base64url");
function decodeFingerprint(value: string): number[] {
  try {
    const key = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(key) && key.length === 3 && key.every((k) => Number.isInteger(k))) return key as number[];
  } catch {
    // fall through
  }
  throw new BadQuery("fingerprint is not one this node issued");
}

const compare = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Orders, pages and wraps a filtered list the way TronGrid does (default newest first, 20, at most 200). */
export function page<T>(items: Positioned<T>[], q: Map<string, string>, url: URL) {
  const limit = intParam(q, "limit") ?? 20;
  if (limit < 1 || limit > 200) throw new BadQuery("limit must be between 1 and 200");
  const orderBy = q.get("order_by") ?? "block_timestamp,desc";
  if (orderBy !== "block_timestamp,desc" && orderBy !== "block_timestamp,asc")
    throw new BadQuery("order_by must be block_timestamp,asc or block_timestamp,desc");
  const asc = orderBy.endsWith("asc");
  let list = [...items].sort((a, b) => (asc ? compare(a.key, b.key) : compare(b.key, a.key)));
  const fingerprint = q.get("fingerprint");
  if (fingerprint) {
    const after = decodeFingerprint(fingerprint);
    list = list.filter((e) => (asc ? compare(e.key, after) > 0 : compare(e.key, after) < 0));
  }
  const data = list.slice(0, limit);
  const more = list.length > limit;
  const meta: Record<string, unknown> = { at: Date.now(), page_size: data.length };
  if (more) {
    const next = encodeFingerprint(data[data.length - 1].key);
    const link = new URL(url);
    link.searchParams.set("fingerprint", next);
    meta.fingerprint = next;
    meta.links = { next: link.toString() };
  }
  return { data: data.map((e) => e.item), success: true, meta };
}

function timeFilter(q: Map<string, string>) {
  const min = intParam(q, "min_block_timestamp", "min_timestamp");
  const max = intParam(q, "max_block_timestamp", "max_timestamp");
  return (ts: number) => (min === undefined || ts >= min) && (max === undefined || ts <= max);
}

/** GET /v1/contracts/{address}/events */
export function contractEvents(ledger: LedgerState, contractHex: string, q: Map<string, string>, url: URL) {
  const inTime = timeFilter(q);
  const name = q.get("event_name");
  const blockNumber = intParam(q, "block_number");
  const none = q.get("only_unconfirmed") === "true";
  const events = none
    ? []
    : allEvents(ledger).filter(
        (e) =>
          e.item.contract_address === base58(contractHex) &&
          (!name || e.item.event_name === name) &&
          (blockNumber === undefined || e.item.block_number === blockNumber) &&
          inTime(e.item.block_timestamp),
      );
  return page(events, q, url);
}

/** GET /v1/accounts/{address}/transactions/trc20: Transfer and Approval events of known tokens. */
export function trc20History(ledger: LedgerState, accountHex: string, q: Map<string, string>, url: URL) {
  const who = `0x${accountHex.slice(2)}`;
  const inTime = timeFilter(q);
  const only = q.get("contract_address");
  const onlyTo = q.get("only_to") === "true";
  const onlyFrom = q.get("only_from") === "true";
  const none = q.get("only_unconfirmed") === "true";
  const rows = none
    ? []
    : allEvents(ledger).flatMap((e) => {
        const contract = ledger.contracts[hex41(e.item.contract_address)];
        const token = contract?.token;
        if (!token || (e.item.event_name !== "Transfer" && e.item.event_name !== "Approval")) return [];
        const [from, to, value] = [e.item.result["0"], e.item.result["1"], e.item.result["2"]];
        if (from !== who && to !== who) return [];
        if ((onlyTo && to !== who) || (onlyFrom && from !== who)) return [];
        if (only && only !== e.item.contract_address) return [];
        if (!inTime(e.item.block_timestamp)) return [];
        return [
          {
            key: e.key,
            item: {
              transaction_id: e.item.transaction_id,
              token_info: {
                symbol: token.symbol,
                address: e.item.contract_address,
                decimals: token.decimals,
                name: token.name,
              },
              block_timestamp: e.item.block_timestamp,
              from: base58(hexOfEvm(from)),
              to: base58(hexOfEvm(to)),
              type: e.item.event_name,
              value,
            },
          },
        ];
      });
  return page(rows, q, url);
}
