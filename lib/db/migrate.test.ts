import { describe, expect, it } from "vitest";
import { getDatabase } from "./client";
import { migrate, readMigrations } from "./migrate";

describe("migrations", () => {
  it("are recorded in Prisma's table with their checksums and applied only once", async () => {
    const database = await getDatabase(); // the test database, already migrated
    expect(await migrate(database)).toEqual([]);
    const rows = await database.session((s) =>
      s.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
        `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
      ),
    );
    const files = readMigrations();
    expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
    expect(rows.map((r) => r.checksum)).toEqual(files.map((f) => f.checksum));
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);
  });

  it("refuse to run when an applied migration was edited", async () => {
    const database = await getDatabase();
    const edited = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: "0".repeat(64) } : m));
    await expect(migrate(database, edited)).rejects.toThrow(/was changed after it was applied/);
  });

  it("roll back a failing migration completely", async () => {
    const database = await getDatabase();
    const bad = [
      ...readMigrations(),
      {
        name: "99999999999999_broken",
        sql: "CREATE TABLE half_done (id int); SELECT * FROM no_such_table;",
        checksum: "x".repeat(64),
      },
    ];
    await expect(migrate(database, bad)).rejects.toThrow(/99999999999999_broken failed/);
    const tables = await database.session((s) =>
      s.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'`),
    );
    expect(tables).toHaveLength(0);
  });
});
