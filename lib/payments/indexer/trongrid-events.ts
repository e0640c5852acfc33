// The Tron ERC20FeeProxy's TransferWithReferenceAndFee events through a TronGrid-compatible
// HTTP API (TRONGRID_URL): `GET /v1/contracts/{address}/events`, confirmed (solidified)
// events only, oldest first, paged with `meta.fingerprint`. TronGrid gives ABI-decoded
// arguments in `result`, addresses as 20-byte hex (0x…) or 41-prefixed hex; the indexed
// reference arrives as its keccak256, like an EVM topic.
import type { Hex } from "viem";
import { isTronAddress, type TronAddress, tronFromHex } from "../../chains/tron";
import { tronGridHeaders, tronPost } from "../../chains/tron-http";

export interface TronGridEvent {
  block_number: number;
  block_timestamp: number; // ms
  contract_address: string;
  event_index: number;
  event_name: string;
  result: Record<string, string>;
  transaction_id: string;
}

export interface TronGridPage {
  data: TronGridEvent[];
  success: boolean;
  meta?: { fingerprint?: string; page_size?: number };
}

export interface TronLeg {
  txHash: Hex;
  logIndex: number;
  blockNumber: bigint;
  blockTime: Date;
  referenceHash: Hex;
  tokenAddress: TronAddress;
  to: TronAddress;
  amount: bigint;
  feeAmount: bigint;
  feeAddress: TronAddress | null;
}

const ZERO_HEX = /^(0x|41)?0{40}$/i;

/** A TronGrid address (0x + 20 bytes, 41 + 20 bytes, or base58) in base58. */
export function tronAddressOf(value: string): TronAddress {
  if (isTronAddress(value)) return value;
  const digits = (value as string).replace(/^0x/i, "");
  return tronFromHex(digits.length === 40 ? `41${digits}` : digits);
}

function hex32(value: string): Hex {
  const digits = value.replace(/^0x/i, "").toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(digits)) throw new Error(`not a 32-byte hash: ${value}`);
  return `0x${digits}`;
}

/** The payment legs of a page; events that are not well-formed transfers are skipped. */
export function decodeTronEvents(events: readonly TronGridEvent[]): TronLeg[] {
  const legs: TronLeg[] = [];
  for (const e of events) {
    if (e.event_name !== "TransferWithReferenceAndFee") continue;
    try {
      const r = e.result;
      legs.push({
        txHash: `0x${e.transaction_id.replace(/^0x/i, "").toLowerCase()}`,
        logIndex: e.event_index,
        blockNumber: BigInt(e.block_number),
        blockTime: new Date(e.block_timestamp),
        referenceHash: hex32(r.paymentReference),
        tokenAddress: tronAddressOf(r.tokenAddress),
        to: tronAddressOf(r.to),
        amount: BigInt(r.amount),
        feeAmount: BigInt(r.feeAmount ?? "0"),
        feeAddress: !r.feeAddress || ZERO_HEX.test(r.feeAddress) ? null : tronAddressOf(r.feeAddress),
      });
    } catch {
      continue;
    }
  }
  return legs;
}

/** One page of the proxy's confirmed events from `minTimestamp` (inclusive), oldest first. */
export async function fetchTronEvents(
  baseUrl: string,
  contract: string,
  minTimestamp: number | null,
  fingerprint?: string,
): Promise<TronGridPage> {
  const url = new URL(`/v1/contracts/${contract}/events`, baseUrl);
  url.searchParams.set("event_name", "TransferWithReferenceAndFee");
  url.searchParams.set("only_confirmed", "true");
  url.searchParams.set("order_by", "block_timestamp,asc");
  url.searchParams.set("limit", "200");
  if (minTimestamp !== null) url.searchParams.set("min_block_timestamp", String(minTimestamp));
  if (fingerprint) url.searchParams.set("fingerprint", fingerprint);
  const res = await fetch(url, { headers: tronGridHeaders(), signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`TronGrid ${url.pathname}: HTTP ${res.status}`);
  const page = (await res.json()) as TronGridPage;
  if (!page.success || !Array.isArray(page.data)) throw new Error(`TronGrid ${url.pathname}: unexpected answer`);
  return page;
}

interface TronTransactionJson {
  txID?: string;
  raw_data?: { contract?: { parameter?: { value?: { owner_address?: string } } }[] };
}

/**
 * The owner (signer) of each transaction, base58, from the solidity node's
 * `/walletsolidity/gettransactionbyid` (the events are solidified, so is the transaction).
 * A transaction the node does not know throws: the step is retried rather than the payer lost.
 */
export async function transactionOwners(baseUrl: string, txHashes: readonly Hex[]): Promise<Map<Hex, TronAddress>> {
  const unique = [...new Set(txHashes)];
  const owners = await Promise.all(
    unique.map(async (hash) => {
      const tx = await tronPost<TronTransactionJson>(
        "/walletsolidity/gettransactionbyid",
        { value: hash.slice(2), visible: true },
        baseUrl,
      );
      const owner = tx.raw_data?.contract?.[0]?.parameter?.value?.owner_address;
      if (!owner) throw new Error(`Tron transaction ${hash} not found on the solidity node`);
      return tronAddressOf(owner);
    }),
  );
  return new Map(unique.map((hash, i) => [hash, owners[i]]));
}
