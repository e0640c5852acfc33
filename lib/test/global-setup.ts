// Once per vitest run: a folder where each test file leaves how many API answers it checked
// against /docs (lib/test/contract-count.ts), summed and printed at the end.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), "stablelink-contracts-"));
  process.env.CONTRACT_COUNT_DIR = dir;
  return () => {
    const total = readdirSync(dir)
      .flatMap((f) => readFileSync(join(dir, f), "utf8").split("\n"))
      .reduce((sum, line) => sum + (Number(line) || 0), 0);
    rmSync(dir, { recursive: true, force: true });
    console.log(
      `\nResponse contracts: ${total} API answers parsed with the schema /docs publishes for their operation and status`,
    );
  };
}
