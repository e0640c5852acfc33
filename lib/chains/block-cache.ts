// Chain state read at a given block never changes, so reads are cached by block number: a
// payment page polling /pay, or many payers of one request, cost at most a head read each
// until the chain moves, and concurrent identical reads share one RPC call. Entries more than
// a few blocks behind the newest one seen are dropped. One cache per client, so a client
// reset (tests switching chains) starts afresh.
//
// The head itself and the gas price are read together, in one batched round trip shared by
// every caller, once per block where this process follows the network's new heads (the
// detection's WebSocket subscription, head-watcher.ts): the answer stays current until the
// next head is pushed. Without a live subscription each caller asks for the head again (calls
// in flight at the same moment share one). docs/decisions/chain-head-per-block.md.

import { type ChainClient, getPublicClient, rpcWsUrlFor } from "./clients";
import { existingHeadWatcher } from "./head-watcher";
import type { EvmNetworkId } from "./networks";

const KEEP_BLOCKS = 3n;
const MAX_ENTRIES = 20_000;

export interface ChainHead {
  block: bigint;
  /** eth_gasPrice when the head was read: an estimate, only ever used to check gas money. */
  gasPrice: bigint;
}

interface Cache {
  newest: bigint;
  entries: Map<string, { block: bigint; value: Promise<unknown> }>;
  /** The last head read, with the watcher's head count before the read (-1: no live watcher). */
  head?: { value: Promise<ChainHead>; heads: number; settled: boolean };
}

const caches = new WeakMap<ChainClient, Cache>();

function cacheOf(network: EvmNetworkId): { client: ChainClient; cache: Cache } {
  const client = getPublicClient(network);
  let cache = caches.get(client);
  if (!cache) caches.set(client, (cache = { newest: 0n, entries: new Map() }));
  return { client, cache };
}

/** The head watcher pushing this network's new heads to this process, when its subscription is live. */
function liveWatcher(network: EvmNetworkId) {
  const url = rpcWsUrlFor(network);
  const watcher = url ? existingHeadWatcher(url) : undefined;
  return watcher?.subscribed ? watcher : undefined;
}

/**
 * The chain's latest block and gas price. Current: read after the last head this process was
 * told of, or (no live subscription) after this call began; calls at the same moment share
 * one read, eth_blockNumber and eth_gasPrice in one HTTP batch.
 */
export function chainHead(network: EvmNetworkId): Promise<ChainHead> {
  const { client, cache } = cacheOf(network);
  const heads = liveWatcher(network)?.heads ?? -1;
  const last = cache.head;
  // Still current: no head pushed since it started (live subscription), or, without one, in
  // flight (started before this call).
  if (last && (heads === -1 ? !last.settled : last.heads === heads)) return last.value;
  const entry = {
    heads,
    settled: false,
    value: Promise.all([client.getBlockNumber({ cacheTime: 0 }), client.getGasPrice()]).then(([block, gasPrice]) => ({
      block,
      gasPrice,
    })),
  };
  cache.head = entry;
  entry.value.then(
    () => (entry.settled = true),
    () => cache.head === entry && (cache.head = undefined),
  );
  return entry.value;
}

/** The chain's latest block number (chainHead). */
export async function latestBlock(network: EvmNetworkId): Promise<bigint> {
  return (await chainHead(network)).block;
}

/** `load()`'s result for (block, key), computed once per block; failures are not kept. */
export function atBlock<T>(network: EvmNetworkId, block: bigint, key: string, load: () => Promise<T>): Promise<T> {
  const { cache } = cacheOf(network);
  const id = `${block}:${key}`;
  const hit = cache.entries.get(id);
  if (hit) return hit.value as Promise<T>;
  if (block > cache.newest) {
    cache.newest = block;
    for (const [k, e] of cache.entries) if (e.block + KEEP_BLOCKS < block) cache.entries.delete(k);
  }
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  const value = load();
  cache.entries.set(id, { block, value });
  value.catch(() => cache.entries.delete(id));
  return value;
}
