// Whether a reported transaction pays a secure payment link, from what the chain answered about
// it: the transaction (pending or mined) and, once mined, its receipt. Only such a transaction
// holds the link (423); a made-up hash, a transfer elsewhere or a reverted payment holds nothing
// (docs/decisions/intent-lock-verified-on-chain.md). Pure: no I/O.
import { type Hex, keccak256 } from "viem";

/** What the chain said of an intent's txHash, stored on its row. */
export type IntentVerification =
  | "unproven" // not shown paying this link yet (unknown to the node, or pending elsewhere): asked again after a few seconds
  | "pending" // in the node's mempool, paying this link: asked again until mined
  | "mined" // mined, successful, paying this link: final
  | "reverted" // mined and reverted: final
  | "foreign" // mined, but pays no request of this link: final
  | "no_tx_hash" // a Safe's or a UserOperation's hash alone: nothing to look up on chain
  | "relayed" // broadcast by our Tron relay after checking it pays the link
  | "crosschain"; // a source-chain report of a crosschain route: recorded, never looked up, never holds

export const LOCKING: readonly IntentVerification[] = ["pending", "mined", "relayed"];

/** Verdicts the chain may still change (a transaction not seen yet, or not mined yet). */
export const OPEN: readonly IntentVerification[] = ["unproven", "pending"];

export interface ChainTransaction {
  to: string | null;
  input: string;
  /** null while pending. */
  blockNumber: bigint | null;
}

export interface ChainReceipt {
  status: "success" | "reverted";
  logs: readonly { address: string; topics: readonly string[] }[];
}

export interface LinkTargets {
  /** The payment contracts of the link's network a payment transaction is sent to (lowercase or not). */
  contracts: readonly string[];
  /** The contracts whose events carry a payment (the fee and conversion proxies). */
  emitters: readonly string[];
  /** The payment references of the link's requests (0x + 16 hex digits). */
  references: readonly string[];
}

const lower = (list: readonly string[]) => new Set(list.map((a) => a.toLowerCase()));

/** Sent to a payment contract with one of the link's references in its calldata (a batch carries all of its own). */
function calldataPays(tx: ChainTransaction, link: LinkTargets): boolean {
  if (!tx.to || !lower(link.contracts).has(tx.to.toLowerCase())) return false;
  const input = tx.input.toLowerCase();
  return link.references.some((r) => input.includes(r.replace(/^0x/i, "").toLowerCase()));
}

/** Whether `tx` is sent to one of `contracts` with one of `references` in its calldata (failed-payments.ts). */
export function paysLinkCalldata(
  tx: ChainTransaction,
  contracts: readonly string[],
  references: readonly string[],
): boolean {
  return calldataPays(tx, { contracts, emitters: [], references });
}

/**
 * A payment event of one of the link's references (topic 1 is the reference's keccak256): a mined
 * transaction through a Safe or a smart account pays the proxy from inside, with another `to`.
 */
function eventsPay(receipt: ChainReceipt, link: LinkTargets): boolean {
  const emitters = lower(link.emitters);
  const hashes = new Set(link.references.map((r) => keccak256(r.toLowerCase() as Hex)));
  return receipt.logs.some(
    (l) =>
      emitters.has(l.address.toLowerCase()) &&
      l.topics[1] !== undefined &&
      hashes.has(l.topics[1].toLowerCase() as Hex),
  );
}

/**
 * @param tx null when the node knows no such transaction
 * @param receipt the mined transaction's receipt (null while pending)
 */
export function judgeIntent(
  tx: ChainTransaction | null,
  receipt: ChainReceipt | null,
  link: LinkTargets,
): IntentVerification {
  if (!tx) return "unproven";
  if (tx.blockNumber === null || !receipt) return calldataPays(tx, link) ? "pending" : "unproven";
  if (receipt.status !== "success") return "reverted";
  return calldataPays(tx, link) || eventsPay(receipt, link) ? "mined" : "foreign";
}
