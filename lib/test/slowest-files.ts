// A vitest reporter beside the default one: the ten slowest test files when a run ends, so the
// next change to CI time starts from where the time goes (docs/testing.md).
import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length < 2) return;
    const slowest = modules
      .map((m) => ({ file: relative(process.cwd(), m.moduleId), ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    const lines = slowest.map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
    console.log(`\nSlowest test files:\n${lines.join("\n")}`);
  }
}
