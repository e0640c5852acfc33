// Cached credentials across instances (docs/decisions/credential-cache.md). "Another instance" is
// a second copy of the whole
// module graph (vi.resetModules): its own caches and, on PostgreSQL, its own LISTEN connection,
// sharing only the database — what a second server process has. On PGlite, one process by
// construction, the instance that makes the change is the one that must refuse at once.
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as apiKeyRoute from "@/app/v1/api-keys/[apiKeyId]/route";
import * as apiKeysRoute from "@/app/v1/api-keys/route";
import * as logoutRoute from "@/app/v1/auth/logout/route";
import * as clientIdRoute from "@/app/v2/client-ids/[id]/route";
import * as currenciesRoute from "@/app/v2/currencies/route";
import { setClockForTests } from "../auth/clock";
import { db, getDatabase } from "../db/client";
import { credentialChangesHeard } from "../http/credential-cache";
import { createTestPlatform, createTestWalletSession, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface Instance {
  currencies: typeof currenciesRoute;
  apiKeys: typeof apiKeysRoute;
  resolveSession: typeof import("../auth/sessions").resolveSession;
  setClock: typeof setClockForTests;
  heard: () => boolean;
}

const here: Instance = {
  currencies: currenciesRoute,
  apiKeys: apiKeysRoute,
  resolveSession: (await import("../auth/sessions")).resolveSession,
  setClock: setClockForTests,
  heard: credentialChangesHeard,
};
let other: Instance;

beforeAll(async () => {
  await getDatabase();
  vi.resetModules();
  other = {
    currencies: await import("@/app/v2/currencies/route"),
    apiKeys: await import("@/app/v1/api-keys/route"),
    resolveSession: (await import("../auth/sessions")).resolveSession,
    setClock: (await import("../auth/clock")).setClockForTests,
    heard: (await import("../http/credential-cache")).credentialChangesHeard,
  };
});

const withKey = (i: Instance, key: string) =>
  call(i.currencies, "GET", "/v2/currencies?network=base", { headers: { "x-api-key": key } });
const withClient = (i: Instance, clientId: string) =>
  call(i.currencies, "GET", "/v2/currencies?network=base", {
    headers: { "x-client-id": clientId, origin: TEST_ORIGIN },
  });
// GET /v1/api-keys reads no session row of its own (GET /v1/auth/session does: its expiry).
const signedIn = (i: Instance, token: string) =>
  call(i.apiKeys, "GET", "/v1/api-keys", { headers: { authorization: `Bearer ${token}` } });

/** Answers 200 on `i` until its cache holds the credential (it caches once it hears changes). */
async function cachedOn(i: Instance, ask: () => Promise<{ status: number }>): Promise<void> {
  await vi.waitFor(() => expect(i.heard()).toBe(true), { timeout: 10_000 });
  expect((await ask()).status).toBe(200);
}

/** The status `ask` settles on within one second (polled every 50 ms). */
async function withinASecond(ask: () => Promise<{ status: number }>, status: number): Promise<void> {
  await vi.waitFor(async () => expect((await ask()).status).toBe(status), { timeout: 1_000, interval: 50 });
}

const instances = () =>
  onPostgres
    ? [["another instance", other] as const, ["the same instance", here] as const]
    : [["the same instance", here] as const];

describe("revoking a credential or ending a session is effective within a second", () => {
  it("a revoked API key", async () => {
    for (const [where, i] of instances()) {
      const p = await createTestPlatform();
      const s = await createTestWalletSession(p.platformId);
      await cachedOn(i, () => withKey(i, p.apiKey));
      const revoked = await call(apiKeyRoute, "DELETE", `/v1/api-keys/${p.apiKeyId}`, {
        headers: { authorization: `Bearer ${s.token}` },
        params: { apiKeyId: p.apiKeyId },
      });
      expect(revoked.status).toBe(200);
      await withinASecond(() => withKey(i, p.apiKey), 401);
      expect((await withKey(i, p.apiKey)).json.code, where).toBe("api_key_invalid");
    }
  });

  it("a revoked or paused client ID", async () => {
    for (const [where, i] of instances()) {
      const p = await createTestPlatform();
      await cachedOn(i, () => withClient(i, p.clientId));
      const paused = await call(clientIdRoute, "PUT", `/v2/client-ids/${p.clientIdId}`, {
        headers: { "x-api-key": p.apiKey },
        params: { id: p.clientIdId },
        body: { status: "inactive" },
      });
      expect(paused.status, paused.text).toBe(200);
      await withinASecond(() => withClient(i, p.clientId), 401);

      const q = await createTestPlatform();
      await cachedOn(i, () => withClient(i, q.clientId));
      expect(
        (
          await call(clientIdRoute, "DELETE", `/v2/client-ids/${q.clientIdId}`, {
            headers: { "x-api-key": q.apiKey },
            params: { id: q.clientIdId },
          })
        ).status,
      ).toBe(200);
      await withinASecond(() => withClient(i, q.clientId), 401);
      expect((await withClient(i, q.clientId)).json.code, where).toBe("client_id_invalid");
    }
  });

  it("a session signed out", async () => {
    for (const [where, i] of instances()) {
      const p = await createTestPlatform();
      const s = await createTestWalletSession(p.platformId);
      await cachedOn(i, () => signedIn(i, s.token));
      expect(
        (await call(logoutRoute, "POST", "/v1/auth/logout", { headers: { authorization: `Bearer ${s.token}` } }))
          .status,
      ).toBe(200);
      await withinASecond(() => signedIn(i, s.token), 401);
      expect((await signedIn(i, s.token)).json.code, where).toBe("session_expired");
    }
  });

  it.runIf(onPostgres)(
    "is a notification: a change made behind the service's back waits for the cache to expire",
    async () => {
      // The same revocation written straight to the database sends no notification: the other
      // instance keeps trusting its cached entry (for at most CREDENTIAL_CACHE_MS). This is what
      // makes the second-long revocations above the notification's doing, not an absent cache.
      const p = await createTestPlatform();
      await cachedOn(other, () => withKey(other, p.apiKey));
      await (await db()).apiKey.update({ where: { id: p.apiKeyId }, data: { revokedAt: new Date() } });
      expect((await withKey(other, p.apiKey)).status).toBe(200);
    },
  );
});

describe("while the notifications cannot arrive", () => {
  it.runIf(onPostgres)(
    "an instance whose LISTEN connection drops trusts no cached credential until it is back, then hears revocations again",
    async () => {
      const p = await createTestPlatform();
      const s = await createTestWalletSession(p.platformId);
      await cachedOn(other, () => withKey(other, p.apiKey));
      const prisma = await db();
      // What a PostgreSQL restart or failover does to the listening connections of this database.
      await prisma.$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`;
      await vi.waitFor(() => expect(other.heard()).toBe(false), { timeout: 5_000, interval: 5 });
      // Not listening: a revocation made behind the service's back is seen at once (no cache).
      const q = await createTestPlatform();
      expect((await withKey(other, q.apiKey)).status).toBe(200);
      await prisma.apiKey.update({ where: { id: q.apiKeyId }, data: { revokedAt: new Date() } });
      expect((await withKey(other, q.apiKey)).status).toBe(401);
      // Back within seconds, and revocations through the service reach it again.
      await cachedOn(other, () => withKey(other, p.apiKey));
      expect(
        (
          await call(apiKeyRoute, "DELETE", `/v1/api-keys/${p.apiKeyId}`, {
            headers: { authorization: `Bearer ${s.token}` },
            params: { apiKeyId: p.apiKeyId },
          })
        ).status,
      ).toBe(200);
      await withinASecond(() => withKey(other, p.apiKey), 401);
    },
  );
});

describe("sliding expiry", () => {
  it("writes at most once per 30-second interval, however many requests and instances", async () => {
    const prisma = await db();
    // Counts the updates of the sessions table (a trigger: what reached the database, not what was tried).
    await prisma.$executeRaw`CREATE TABLE session_writes (n int NOT NULL)`;
    await prisma.$executeRaw`CREATE FUNCTION count_session_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO session_writes VALUES (1); RETURN NEW; END $$`;
    await prisma.$executeRaw`CREATE TRIGGER session_writes AFTER UPDATE ON sessions FOR EACH ROW EXECUTE FUNCTION count_session_write()`;
    const writes = async () =>
      Number((await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM session_writes`)[0].n);

    const t0 = Date.parse("2026-06-01T12:00:00Z");
    let clock = t0;
    for (const i of [here, other]) i.setClock(() => new Date(clock));
    try {
      const p = await createTestPlatform();
      const s = await createTestWalletSession(p.platformId);
      const burst = async () => {
        const all = await Promise.all(
          [here, other].flatMap((i) => Array.from({ length: 20 }, () => i.resolveSession(s.token))),
        );
        for (const r of all) expect(r?.kind).toBe("wallet");
        return all;
      };
      await burst();
      expect(await writes()).toBe(0); // just signed in: nothing to slide

      clock = t0 + 31_000;
      const slid = await burst();
      expect(await writes()).toBe(1);
      expect(slid.some((r) => r?.expiresAt.getTime() === clock + 15 * 60_000)).toBe(true);

      clock = t0 + 55_000; // within the interval of that write
      await burst();
      expect(await writes()).toBe(1);

      clock = t0 + 62_000;
      await burst();
      expect(await writes()).toBe(2);
      const row = await prisma.session.findFirst({ where: { userId: s.userId } });
      expect(row?.expiresAt.getTime()).toBe(clock + 15 * 60_000);

      // Still used, still alive past the first expiry; an idle quarter of an hour ends it.
      clock = t0 + 16 * 60_000;
      expect((await here.resolveSession(s.token))?.id).toBe(row?.id);
      clock += 15 * 60_000 + 1;
      expect(await other.resolveSession(s.token)).toBeNull();
      expect(await here.resolveSession(s.token)).toBeNull();
    } finally {
      for (const i of [here, other]) i.setClock(undefined);
    }
  });
});
