// Once per vitest run: a folder where each test file leaves how many API answers it checked
// against /docs and which of the published document's operations and statuses it held its
// answers to (lib/test/contract-count.ts), summed and printed at the end.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { publishedStatuses } from "../openapi/published/conformance";

function lines(dir: string, extension: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(extension))
    .flatMap((f) => readFileSync(join(dir, f), "utf8").split("\n"))
    .filter(Boolean);
}

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), "stablelink-contracts-"));
  process.env.CONTRACT_COUNT_DIR = dir;
  return () => {
    const total = lines(dir, ".count").reduce((sum, line) => sum + (Number(line) || 0), 0);
    const reached = new Map<string, number>();
    for (const line of lines(dir, ".published")) {
      const [n, key] = line.split("\t");
      reached.set(key, (reached.get(key) ?? 0) + Number(n));
    }
    rmSync(dir, { recursive: true, force: true });
    // Each vitest project runs this setup; one that ran no API test has nothing to say.
    if (total === 0) return;
    const published = Object.entries(publishedStatuses()).flatMap(([op, statuses]) =>
      statuses.map((s) => `${op} ${s}`),
    );
    const missed = published.filter((key) => !reached.has(key));
    const held = [...reached.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\nResponse contracts: ${total} API answers parsed with the schema /docs publishes for their operation and status` +
        `\nPublished document: ${held} of them also held to its schemas, reaching ${published.length - missed.length} of its ${published.length} response schemas` +
        (missed.length ? `; never reached in this run:\n  ${missed.join("\n  ")}` : ""),
    );
  };
}
