// The operator's CLI, run as operators run it (tsx, its own PGlite data directory).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "orchestrator-cli-"));

async function cli(...args: string[]) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    NODE_ENV: "development" as const,
    LOG_LEVEL: "silent",
  };
  try {
    const r = await run(
      path.join(ROOT, "node_modules/.bin/tsx"),
      [path.join(ROOT, "scripts/orchestrator.ts"), ...args],
      { cwd: ROOT, env },
    );
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout, err: x.stderr };
  }
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("scripts/orchestrator.ts", () => {
  it("creates an orchestrator, prints its key once, issues and revokes keys", async () => {
    const created = await cli("create", "Acme", "Payments");
    expect(created.code).toBe(0);
    const orchestratorId = created.out.match(/orchestratorId: (\S+)/)![1];
    const firstKeyId = created.out.match(/keyId: +(\S+)/)![1];
    expect(created.out).toMatch(/key: +slo_\S{20,}/);
    expect(created.out).toContain("Acme Payments");

    const second = await cli("key", orchestratorId);
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/key: +slo_/);
    const unknown = await cli("key", "00000000-0000-4000-8000-000000000000");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("No orchestrator");

    expect((await cli("revoke-key", firstKeyId)).code).toBe(0);
    const listed = await cli("list");
    expect(listed.out).toContain(orchestratorId);
    expect(listed.out).toMatch(new RegExp(`${firstKeyId}.*revoked`));
    expect(listed.out).not.toMatch(/slo_\S{20,}/); // no secrets in the list
    // Five CLI runs, each starting tsx, PGlite and the migrations: seconds each on a loaded machine.
  }, 240_000);

  it("explains its usage when a command or its argument is missing", async () => {
    for (const args of [[], ["create"], ["rotate", "x"]]) {
      const usage = await cli(...args);
      expect(usage.code).toBe(2);
      expect(usage.err).toContain("Usage:");
    }
  }, 120_000);
});
