import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts"],
    setupFiles: ["./lib/test/setup.ts"],
    globalSetup: ["./lib/test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // docs/decisions.md, "One retry on CI".
    retry: process.env.CI ? 1 : 0,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
  },
});
