// The migration that introduced webhookRegistrationByClientId keeps what existing client IDs
// could do (on) and starts new ones without it (off). Run on a bare database, migration by
// migration, with a client ID created in between.
import { PGlite } from "@electric-sql/pglite";
import { expect, it } from "vitest";
import { readMigrations } from "../db/migrate";

const INTRODUCED = "20261124195151_security_hardening";

it("turns the setting on for client IDs that existed, and off for new ones", async () => {
  const pg = new PGlite();
  try {
    const migrations = readMigrations();
    const at = migrations.findIndex((m) => m.name === INTRODUCED);
    expect(at).toBeGreaterThan(0);
    for (const m of migrations.slice(0, at)) await pg.exec(m.sql);
    await pg.exec(`INSERT INTO platforms (id, name) VALUES ('00000000-0000-4000-8000-000000000001', 'before');
      INSERT INTO client_ids (id, platform_id, client_id, label, allowed_domains, updated_at)
      VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'cid_old', 'old', '{}', now())`);
    for (const m of migrations.slice(at)) await pg.exec(m.sql);
    await pg.exec(`INSERT INTO client_ids (id, platform_id, client_id, label, allowed_domains, updated_at)
      VALUES ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001', 'cid_new', 'new', '{}', now())`);
    const rows = await pg.query<{ client_id: string; on: boolean }>(
      `SELECT client_id, webhook_registration_by_client_id AS on FROM client_ids ORDER BY client_id`,
    );
    expect(rows.rows).toEqual([
      { client_id: "cid_new", on: false },
      { client_id: "cid_old", on: true },
    ]);
  } finally {
    await pg.close();
  }
});
