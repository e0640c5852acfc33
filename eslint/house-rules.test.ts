// The house rules fail where they should: `npm run lint` (eslint with eslint.config.mjs, then
// biome) rejects a file that touches another domain's table, imports another domain's private
// file, or is not formatted — and lets the owner, and tests, through.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { tablesInSql } from "./house-rules.mjs";
import { TABLES } from "./tables.mjs";

const ROOT = join(import.meta.dirname, "..");
// The repository's own configuration, as `npm run lint` runs it.
const eslint = new ESLint({ cwd: ROOT });

/** The house rules' messages for `code` linted as if it were the file `path`. */
async function houseMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result.messages.filter((m) => m.ruleId?.startsWith("house/")).map((m) => `${m.ruleId}: ${m.message}`);
}

const crossesByPrisma = `
import type { Prisma } from "@/lib/db/generated/client";
export async function leak(tx: Prisma.TransactionClient) {
  const paid = await tx.payment.findMany({ where: { platformId: "p" } });
  await tx.webhookEvent.deleteMany({});
  return paid;
}
`;
const crossesBySql = `
import { Prisma } from "@/lib/db/generated/client";
export async function leak(tx: Prisma.TransactionClient) {
  await tx.$executeRaw\`DELETE FROM "webhook_events" WHERE created_at < now()\`;
  return tx.$queryRaw<{ n: number }[]>\`SELECT count(*) AS n FROM payments p \${Prisma.sql\`JOIN payment_requests r ON r.id = p.request_id\`}\`;
}
`;

describe("house/table-walls", () => {
  it("fails a file that reads or writes another domain's table through Prisma", async () => {
    const messages = await houseMessages("lib/payouts/leak.ts", crossesByPrisma);
    expect(messages).toEqual([
      expect.stringMatching(/^house\/table-walls: Payment \(table payments\) belongs to the payments domain/),
      expect.stringMatching(
        /^house\/table-walls: WebhookEvent \(table webhook_events\) belongs to the webhooks domain/,
      ),
    ]);
  });

  it("fails a file that names another domain's table in SQL, quoted or not, in fragments too", async () => {
    const messages = await houseMessages("lib/payouts/leak.ts", crossesBySql);
    expect(messages).toEqual([
      expect.stringMatching(/^house\/table-walls: Table webhook_events belongs to the webhooks domain/),
      expect.stringMatching(/^house\/table-walls: Table payments belongs to the payments domain/),
      expect.stringMatching(/^house\/table-walls: Table payment_requests belongs to the requests domain/),
    ]);
  });

  it("fails a file that reads another domain's table through a Prisma relation", async () => {
    const code = `
import { db } from "@/lib/db/client";
export const INCLUDE = { clientId: { select: { clientId: true } } } as const;
export const endpoints = async (platformId: string) =>
  (await db()).webhookEndpoint.findMany({ where: { clientId: { platformId } }, include: { orchestrator: true } });
export const byIds = async (ids: string[]) => (await db()).webhookEndpoint.findMany({ where: { clientIdId: { in: ids } } });
`;
    expect(await houseMessages("lib/webhooks/leak.ts", code)).toEqual([
      expect.stringMatching(/^house\/table-walls: Relation clientId belongs to the client-ids domain/),
      expect.stringMatching(/^house\/table-walls: Relation clientId belongs to the client-ids domain/),
      expect.stringMatching(/^house\/table-walls: Relation orchestrator belongs to the orchestrators domain/),
    ]);
  });

  it("lets the owner through, and tests", async () => {
    expect(await houseMessages("lib/webhooks/purge.ts", crossesByPrisma)).toEqual([
      expect.stringMatching(/Payment \(table payments\) belongs to the payments domain/),
    ]);
    const owned = `
import type { Prisma } from "@/lib/db/generated/client";
export const recent = (tx: Prisma.TransactionClient) =>
  tx.$queryRaw\`SELECT id FROM payments WHERE created_at > now() - interval '1 day' FOR UPDATE\`;
export const count = (tx: Prisma.TransactionClient) => tx.payment.count();
`;
    expect(await houseMessages("lib/payments/recent.ts", owned)).toEqual([]);
    expect(await houseMessages("lib/payouts/leak.test.ts", crossesByPrisma + crossesBySql)).toEqual([]);
  });

  it("reads table names from SQL keywords, not from columns or other words", () => {
    expect(tablesInSql(`INSERT INTO "payments" (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET id = 1`)).toEqual([
      { name: "payments", owner: "payments" },
    ]);
    expect(tablesInSql(`UPDATE public.client_ids SET fee = 1; TRUNCATE TABLE users`)).toEqual([
      { name: "client_ids", owner: "client-ids" },
      { name: "users", owner: "auth" },
    ]);
    expect(tablesInSql(`SELECT * FROM pgboss.job; SELECT 1 FROM t_pgboss.queue`)).toEqual([
      { name: "pgboss.job", owner: "jobs" },
      { name: "t_pgboss.queue", owner: "jobs" },
    ]);
    expect(tablesInSql(`SELECT extract(epoch FROM created_at), payments FROM ${"$"}{} x FOR UPDATE`)).toEqual([]);
  });

  it("knows the owner of every model in prisma/schema.prisma", () => {
    const schema = readFileSync(join(ROOT, "prisma/schema.prisma"), "utf8");
    const models = [...schema.matchAll(/^model (\w+) \{$([\s\S]*?)^\}$/gm)].map(([, model, body]) => ({
      model,
      table: body.match(/@@map\("(\w+)"\)/)?.[1],
    }));
    expect(models.length).toBeGreaterThan(30);
    expect(
      Object.entries(TABLES)
        .map(([model, t]) => ({ model, table: t.table }))
        .sort(byModel),
    ).toEqual(models.sort(byModel));
  });
});

const byModel = (a: { model: string }, b: { model: string }) => a.model.localeCompare(b.model);

describe("house/domain-walls", () => {
  const importsPrivate = `import { recordPayments } from "@/lib/payments/record-payments";\nexport const r = recordPayments;\n`;

  it("fails a file that imports another domain's private file", async () => {
    expect(await houseMessages("lib/payouts/leak.ts", importsPrivate)).toEqual([
      expect.stringMatching(
        /^house\/domain-walls: lib\/payments\/record-payments\.ts is private to the payments domain/,
      ),
    ]);
  });

  it("lets the domain itself, its front door and tests through", async () => {
    expect(await houseMessages("lib/payments/other.ts", importsPrivate)).toEqual([]);
    const viaDoor = `import { searchPayments } from "@/lib/payments";\nexport const s = searchPayments;\n`;
    expect(await houseMessages("lib/payouts/leak.ts", viaDoor)).toEqual([]);
    expect(await houseMessages("lib/payouts/leak.test.ts", importsPrivate)).toEqual([]);
  });
});

describe("biome", () => {
  const biome = join(ROOT, "node_modules/.bin/biome");
  /** Whether `biome check` (as `npm run lint` runs it) accepts `code` as a file of the repository. */
  async function biomeAccepts(code: string): Promise<boolean> {
    // Biome checks files under the repository only (biome.json, .gitignore): a folder of our own.
    const dir = mkdtempSync(join(ROOT, "eslint", "format-check-"));
    try {
      writeFileSync(join(dir, "x.ts"), code);
      await promisify(execFile)(biome, ["check", join(dir, "x.ts")], { cwd: ROOT });
      return true;
    } catch {
      return false;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("fails unformatted code and unordered imports, passes formatted code", async () => {
    expect(await biomeAccepts("export const a = {b:1}\n")).toBe(false);
    expect(await biomeAccepts(`import { b } from "./b";\nimport { a } from "./a";\n\nexport const c = [a, b];\n`)).toBe(
      false,
    );
    expect(await biomeAccepts(`import { a } from "./a";\nimport { b } from "./b";\n\nexport const c = [a, b];\n`)).toBe(
      true,
    );
  });
});
