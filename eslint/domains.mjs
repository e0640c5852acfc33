// The domain walls (docs/architecture.md "Domain walls"). A domain is a folder of lib/ that owns
// tables or a surface. Code outside it imports only its doors:
// - index.ts, the front door: the operations (functions) and types other domains may use;
// - browser.ts, the same for browser code: pure functions and constants, no I/O (lint checks);
// - schemas.ts, the zod shapes of its API (components import their types);
// - its API operations (operations.ts, <topic>-operations.ts), for the edge only: app/ binds
//   them to routes and lib/openapi lists them.
// Everything else in the folder is private. Folders not listed (api, http, db, chains, jobs,
// zod, addresses, …) are shared layers, imported file by file.
export const DOMAINS = [
  "auth",
  "platforms",
  "client-ids",
  "orchestrators",
  "payee-destinations",
  "requests",
  "payments",
  "payouts",
  "payers",
  "recurring",
  "secure-payments",
  "webhooks",
  "pay-page",
  "dashboard",
  "kyt",
  "crosschain",
  "currencies",
  "health",
  "audit",
  "mail",
];

const isOperations = (name) => /^(.+-)?operations\.ts$/.test(name);
const isEdge = (path) => path.startsWith("app/") || path.startsWith("lib/openapi/");

/** Whether `importer` (a repository path outside the domain) may import `inside`, a path within it. */
export function isDoor(importer, inside) {
  if (inside === "index.ts" || inside === "browser.ts" || inside === "schemas.ts") return true;
  return isOperations(inside) && isEdge(importer);
}

/** Files that may reach inside any domain: tests and what only tests use (named *-fixtures.ts
 * or fixtures.ts, or in lib/test, e2e, bench). No other name exempts a file: shipped code is
 * checked whatever it is called. */
export function isTestCode(relativePath) {
  const name = relativePath.split("/").at(-1);
  return (
    /\.test\.tsx?$/.test(name) ||
    name.endsWith("-fixtures.ts") ||
    name === "fixtures.ts" ||
    /^(lib\/test|e2e|bench)\//.test(relativePath)
  );
}
