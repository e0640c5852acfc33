// Resolved credentials (API keys, client IDs, orchestrator keys) are trusted for a few seconds
// (docs/decisions.md "Credentials are cached for five seconds"): lru-cache with a TTL and a
// size bound. Whoever changes a credential clears its cache on this instance.
import { LRUCache } from "lru-cache";

export const CREDENTIAL_CACHE_MS = 5_000;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- lru-cache takes any non-nullish value
export function credentialCache<V extends {}>(): LRUCache<string, V> {
  return new LRUCache<string, V>({ max: 10_000, ttl: CREDENTIAL_CACHE_MS });
}
