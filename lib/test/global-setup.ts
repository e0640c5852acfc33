// Once per vitest run: a folder where each test file leaves how many API answers it checked
// against /docs and which of the published document's operations and statuses it held its
// answers to (lib/test/contract-count.ts), summed and printed at the end.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { publishedStatuses } from "../openapi/published/conformance";
import { NEVER_ANSWERED } from "../openapi/published/exceptions";

function lines(dir: string, extension: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(extension))
    .flatMap((f) => readFileSync(join(dir, f), "utf8").split("\n"))
    .filter(Boolean);
}

/** `vitest run` with no file, name or project filter: the whole suite (`npm run test:unit`). */
function wholeSuite(): boolean {
  return process.argv.slice(2).filter((arg) => arg !== "run").length === 0;
}

export default function setup(): () => void {
  // Every vitest project runs this setup in the same process: the first one's folder collects
  // all projects' counts, and it alone sums them when the run ends.
  if (process.env.CONTRACT_COUNT_DIR) return () => {};
  const dir = mkdtempSync(join(tmpdir(), "stablelink-contracts-"));
  process.env.CONTRACT_COUNT_DIR = dir;
  return () => {
    delete process.env.CONTRACT_COUNT_DIR;
    const total = lines(dir, ".count").reduce((sum, line) => sum + (Number(line) || 0), 0);
    const reached = new Map<string, number>();
    for (const line of lines(dir, ".published")) {
      const [n, key] = line.split("\t");
      reached.set(key, (reached.get(key) ?? 0) + Number(n));
    }
    rmSync(dir, { recursive: true, force: true });
    if (total === 0) return;
    const published = Object.entries(publishedStatuses()).flatMap(([op, statuses]) =>
      statuses.map((s) => `${op} ${s}`),
    );
    const missed = published.filter((key) => !reached.has(key) && !(key in NEVER_ANSWERED));
    const held = [...reached.values()].reduce((a, b) => a + b, 0);
    const reachable = published.length - Object.keys(NEVER_ANSWERED).length;
    console.log(
      `\nResponse contracts: ${total} API answers parsed with the schema /docs publishes for their operation and status` +
        `\nPublished document: ${held} of them also held to its schemas, reaching ${reachable - missed.length} of the ${reachable} response schemas we can answer (of its ${published.length})` +
        (missed.length ? `; never reached in this run:\n  ${missed.join("\n  ")}` : ""),
    );
    // The whole suite must reach every published response schema we can answer; a run of chosen
    // files would not (PUBLISHED_COVERAGE=all forces the check, =off skips it).
    const strict = process.env.PUBLISHED_COVERAGE ? process.env.PUBLISHED_COVERAGE === "all" : wholeSuite();
    if (strict && missed.length > 0) {
      // vitest reports an error thrown here but still exits 0: the exit code says it.
      console.error(`\nFAIL: no test reached these published response schemas:\n  ${missed.join("\n  ")}`);
      process.exitCode = 1;
    }
  };
}
