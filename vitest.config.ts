import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const include = [
  "lib/**/*.test.ts",
  "eslint/**/*.test.ts",
  "app/**/*.test.ts",
  "components/**/*.test.ts",
  "scripts/**/*.test.ts",
];
// Files that measure time itself (retry gaps, exclusive slots) or load the machine on purpose
// (the 1,000-event fault test): they run alone, after the others (docs/decisions/tests-side-by-side.md).
const alone = [
  "lib/webhooks/delivery.test.ts",
  "lib/webhooks/fault.test.ts",
  "lib/jobs/exclusive-loop.test.ts",
  "lib/db/exclusive.test.ts",
];
// Most files wait on anvil, PostgreSQL or timers rather than the CPU: two forks even on a
// 2-core machine (vitest's own default there is one). TEST_WORKERS overrides.
const workers = Number(process.env.TEST_WORKERS ?? Math.max(2, availableParallelism()));

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    setupFiles: ["./lib/test/setup.ts"],
    reporters: ["default", "./lib/test/slowest-files.ts"],
    globalSetup: ["./lib/test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // docs/decisions/ci-one-retry.md.
    retry: process.env.CI ? 1 : 0,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    projects: [
      {
        extends: true,
        test: { name: "side-by-side", include, exclude: alone, maxWorkers: workers, sequence: { groupOrder: 0 } },
      },
      { extends: true, test: { name: "alone", include: alone, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
