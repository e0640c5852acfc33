// A small in-process cache with a time-to-live and a size bound. Used where a value read on
// every request changes rarely and a bounded staleness is acceptable (see docs/decisions.md,
// "Credentials are cached for a few seconds"); whoever changes the value clears the cache.

export interface TtlCache<V> {
  get(key: string, now?: number): V | undefined;
  set(key: string, value: V, now?: number): void;
  /** Forget everything: after a change whose cache keys the caller cannot name. */
  clear(): void;
  readonly size: number;
}

export function ttlCache<V>(ttlMs: number, maxEntries = 10_000): TtlCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key, now = Date.now()) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    set(key, value, now = Date.now()) {
      entries.delete(key);
      // Map keeps insertion order: the first key is the oldest entry.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expiresAt: now + ttlMs });
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
