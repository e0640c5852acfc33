// Chain state read at a given block never changes, so reads are cached by block number: a
// payment page polling /pay, or many payers of one request, cost one eth_blockNumber each
// until the chain moves, and concurrent identical reads share one RPC call. Entries more than
// a few blocks behind the newest one seen are dropped. One cache per client, so a client
// reset (tests switching chains) starts afresh.
import { getPublicClient, type ChainClient } from "./clients";
import type { EvmNetworkId } from "./networks";

const KEEP_BLOCKS = 3n;
const MAX_ENTRIES = 20_000;

interface Cache {
  newest: bigint;
  entries: Map<string, { block: bigint; value: Promise<unknown> }>;
  head?: Promise<bigint>;
}

const caches = new WeakMap<ChainClient, Cache>();

function cacheOf(network: EvmNetworkId): { client: ChainClient; cache: Cache } {
  const client = getPublicClient(network);
  let cache = caches.get(client);
  if (!cache) caches.set(client, (cache = { newest: 0n, entries: new Map() }));
  return { client, cache };
}

/** The chain's latest block number, fresh (requests in flight at the same moment share one call). */
export function latestBlock(network: EvmNetworkId): Promise<bigint> {
  const { client, cache } = cacheOf(network);
  cache.head ??= client.getBlockNumber({ cacheTime: 0 }).finally(() => (cache.head = undefined));
  return cache.head;
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
