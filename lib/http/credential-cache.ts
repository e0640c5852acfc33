// Resolved credentials (API keys, client IDs, orchestrator keys, sessions), and payee
// destinations (what a wallet's signature authorised, read on every payee's page), are trusted
// for a few seconds without reading the database (docs/decisions/credential-cache.md): lru-cache
// with a TTL and a size bound.
//
// Whoever ends or changes a credential calls forgetCredentials after its change committed: this
// instance's cache is cleared at once, and the others' through a PostgreSQL NOTIFY on
// CREDENTIALS_CHANNEL, which each instance LISTENs to. On PostgreSQL a cache answers only while
// that LISTEN is up (a notification missed while it was down could leave a revoked credential
// trusted), and a lost connection clears every cache; until it is back every request reads the
// database. PGlite is one process: clearing locally is everything there is to do.
import { LRUCache } from "lru-cache";
import { type Database, openedDatabase } from "../db/client";

export const CREDENTIAL_CACHE_MS = 5_000;
export const CREDENTIALS_CHANNEL = "stablelink_credentials";

/** The caches by name; a notification `name` clears one, `name:key` deletes one entry. */
export type CredentialKind =
  | "api_key"
  | "client_id"
  | "browser_origin"
  | "orchestrator_key"
  | "session"
  | "payee_destination";

const caches = new Map<CredentialKind, { clear(): void; delete(key: string): unknown }>();

interface Listening {
  database: Promise<Database>;
  /** The notifications reach us (always on PGlite; on PostgreSQL while LISTEN is connected). */
  live: boolean;
  kind?: Database["kind"];
}
let listening: Listening | undefined;

function clearAll(): void {
  for (const c of caches.values()) c.clear();
}

function onNotification(payload: string): void {
  const at = payload.indexOf(":");
  const kind = (at === -1 ? payload : payload.slice(0, at)) as CredentialKind;
  const cache = caches.get(kind);
  if (!cache) return;
  if (at === -1) cache.clear();
  else cache.delete(payload.slice(at + 1));
}

/** Starts listening on the opened database (once per database); false while not live. */
function live(): boolean {
  const database = openedDatabase();
  if (!database) return false;
  if (listening?.database === database) return listening.live;
  // Another database than the one the entries came from (tests switch): forget them.
  clearAll();
  const state: Listening = { database, live: false };
  listening = state;
  void database
    .then(async (d) => {
      state.kind = d.kind;
      if (d.kind === "pglite") {
        state.live = true;
        return;
      }
      await d.listen(CREDENTIALS_CHANNEL, onNotification, {
        onLost: () => {
          state.live = false;
          clearAll();
        },
        onReconnected: () => {
          clearAll(); // whatever changed while we were not listening
          state.live = true;
        },
      });
      state.live = true;
    })
    .catch(() => {
      if (listening === state) listening = undefined; // try again on the next request
    });
  return false;
}

export interface CredentialCache<V> {
  /** The cached value; undefined when absent, expired, or while changes could go unnoticed. */
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  /** This instance only (a credential found expired); use forgetCredentials for a change. */
  delete(key: string): void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- lru-cache takes any non-nullish value
export function credentialCache<V extends {}>(kind: CredentialKind): CredentialCache<V> {
  const cache = new LRUCache<string, V>({ max: 10_000, ttl: CREDENTIAL_CACHE_MS });
  caches.set(kind, cache);
  return {
    get: (key) => (live() ? cache.get(key) : undefined),
    set: (key, value) => {
      if (live()) cache.set(key, value);
    },
    delete: (key) => void cache.delete(key),
  };
}

/**
 * Forgets a credential (one entry by its cache key) or a whole kind on every instance: here at
 * once, elsewhere when PostgreSQL delivers the notification (milliseconds). Call it after the
 * change committed, before answering. If the NOTIFY cannot be sent, other instances still drop
 * the entry within CREDENTIAL_CACHE_MS.
 */
export async function forgetCredentials(kind: CredentialKind, key?: string): Promise<void> {
  const payload = key === undefined ? kind : `${kind}:${key}`;
  onNotification(payload);
  const database = openedDatabase();
  if (!database) return;
  const d = await database;
  if (d.kind !== "postgres") return;
  await d.executeSql("SELECT pg_notify($1, $2)", [CREDENTIALS_CHANNEL, payload]).catch(() => undefined);
}

/** Whether this instance's caches answer now: changes elsewhere reach it (tests wait for it). */
export function credentialChangesHeard(): boolean {
  return live();
}
