import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { houseRules } from "./eslint/house-rules.mjs";

// The house rules (docs/architecture.md): routes hold no data access or chain code, domains
// are reached through their public surface and own their tables, and neither files nor folders
// import in a cycle.
const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      "lib/db/generated/**",
      ".next/**",
      ".data/**",
      "e2e/artifacts/**",
      "node_modules/**",
      "next-env.d.ts",
      "contracts/compiled.json",
    ],
  },
  { rules: { "@typescript-eslint/no-explicit-any": "off" } },
  {
    files: ["**/*.ts", "**/*.tsx", "**/*.mjs"],
    plugins: { house: houseRules },
    rules: {
      "house/domain-walls": "error",
      "house/no-folder-cycles": "error",
      "house/no-file-cycles": "error",
    },
  },
  {
    // A domain reads and writes only its own tables (eslint/tables.mjs): shipped code of lib/;
    // the rule itself lets tests and fixtures through (isTestCode, eslint/domains.mjs).
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    plugins: { house: houseRules },
    rules: { "house/table-walls": "error" },
  },
  {
    // One way to write SQL (docs/architecture.md): tagged `$queryRaw`/`Prisma.sql`, whose values are
    // always bound parameters; pg-boss's own statements (lib/jobs/job-queue.ts) are the exception.
    files: ["lib/**/*.ts", "scripts/**/*.ts", "bench/**/*.ts"],
    ignores: ["lib/jobs/job-queue.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name=/^\\$(queryRawUnsafe|executeRawUnsafe)$/]",
          message:
            "Write SQL with the tagged $queryRaw/$executeRaw or Prisma.sql (bound parameters), not string building",
        },
      ],
    },
  },
  {
    files: ["app/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "viem",
              message: "app/ holds routes and pages only: chain code lives in lib/ (docs/architecture.md)",
            },
          ],
          patterns: [
            { group: ["viem/*"], message: "app/ holds routes and pages only: chain code lives in lib/" },
            {
              group: ["@prisma/*", "**/db/generated/**", "**/lib/db/*", "@/lib/db/*"],
              message: "app/ holds routes and pages only: data access goes through a domain's function in lib/",
            },
          ],
        },
      ],
    },
  },
];
export default config;
