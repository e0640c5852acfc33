// A copy of the repository on its own — in a temporary folder with nothing beside it, so no
// ../shared — authors a migration and rebuilds the currency list from what it holds.
// node_modules is linked in (installing is `npm ci`'s job, not this test's).
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
let clone = "";

/** The files git would commit: tracked ones and new ones that are not ignored. */
function repositoryFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return out.split("\0").filter((f) => f && existsSync(join(ROOT, f)));
}

function run(script: string, ...args: string[]): string {
  return execFileSync(process.execPath, [script, ...args], { cwd: clone, encoding: "utf8", timeout: 120_000 });
}

beforeAll(() => {
  const parent = mkdtempSync(join(tmpdir(), "stablelink-clone-"));
  clone = join(parent, "stablelink");
  for (const file of repositoryFiles()) {
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    cpSync(join(ROOT, file), join(clone, file));
  }
  symlinkSync(join(ROOT, "node_modules"), join(clone, "node_modules"));
});

afterAll(() => {
  if (clone) rmSync(dirname(clone), { recursive: true, force: true });
});

describe("a copy of the repository without ../shared", () => {
  it("has nothing beside it to lean on", () => {
    expect(existsSync(join(clone, "..", "shared"))).toBe(false);
  });

  it("authors migrations: db:migration --print finds the schema and the migrations in step", () => {
    expect(run("scripts/create-migration.mjs", "--print").trim()).toBe("No schema changes.");
  });

  it("rebuilds the currency list from data/token-list, byte for byte the one shipped", () => {
    expect(run("scripts/build-currencies.mjs")).toMatch(/\d+ currencies/);
    const rebuilt = readFileSync(join(clone, "lib/chains/currencies.json"), "utf8");
    expect(rebuilt).toBe(readFileSync(join(ROOT, "lib/chains/currencies.json"), "utf8"));
  });

  it("cites only its own documents: no file points at ../shared, SERVICE.md or PROTOCOL.md", () => {
    const offenders = repositoryFiles()
      .filter((f) => /\.(ts|tsx|mjs|js|md|prisma|json|sol|css|yml|toml)$/.test(f) || f.startsWith(".ci/"))
      .filter((f) => f !== "package-lock.json" && f !== "scripts/self-contained.test.ts")
      .filter((f) => /\.\.\/shared|SERVICE\.md|PROTOCOL\.md/.test(readFileSync(join(ROOT, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
