// Operators onboard orchestrators here (there is no public sign-up):
//   npx tsx scripts/orchestrator.ts create <name>          new orchestrator + its first key
//   npx tsx scripts/orchestrator.ts key <orchestratorId>   another key (rotation)
//   npx tsx scripts/orchestrator.ts revoke-key <keyId>     revoke a key at once
//   npx tsx scripts/orchestrator.ts list                   orchestrators and their keys (no secrets)
// Keys are printed once and stored only as hashes. Uses the configured database (DATABASE_URL,
// or the PGlite data directory: stop the server first, PGlite allows one process).
import { getConfig } from "../lib/config";
import { getDatabase } from "../lib/db/client";
import { migrate } from "../lib/db/migrate";
import {
  createOrchestrator,
  issueOrchestratorKey,
  listOrchestrators,
  revokeOrchestratorKey,
} from "../lib/orchestrators";

const USAGE = `Usage:
  tsx scripts/orchestrator.ts create <name>
  tsx scripts/orchestrator.ts key <orchestratorId>
  tsx scripts/orchestrator.ts revoke-key <keyId>
  tsx scripts/orchestrator.ts list`;

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const arg = rest.join(" ").trim();
  switch (command) {
    case "create": {
      if (!arg) break;
      const o = await createOrchestrator(arg);
      console.log(`Orchestrator created: ${o.name}`);
      console.log(`  orchestratorId: ${o.orchestratorId}   (platforms link their client IDs to this id)`);
      console.log(`  keyId:          ${o.keyId}`);
      console.log(`  key:            ${o.key}`);
      console.log("Send the key as x-orchestrator-key. It is shown only now; store it safely.");
      return 0;
    }
    case "key": {
      if (!arg) break;
      const k = await issueOrchestratorKey(arg);
      if (!k) {
        console.error(`No orchestrator with id ${arg}`);
        return 1;
      }
      console.log(`New key for orchestrator ${arg}`);
      console.log(`  keyId: ${k.keyId}`);
      console.log(`  key:   ${k.key}`);
      console.log("It is shown only now; store it safely. Revoke the old one with revoke-key when it is replaced.");
      return 0;
    }
    case "revoke-key": {
      if (!arg) break;
      if (!(await revokeOrchestratorKey(arg))) {
        console.error(`No active orchestrator key with id ${arg}`);
        return 1;
      }
      console.log(`Key ${arg} revoked; it no longer authenticates.`);
      return 0;
    }
    case "list": {
      const all = await listOrchestrators();
      if (all.length === 0) console.log("No orchestrators.");
      for (const o of all) {
        console.log(`${o.orchestratorId}  ${o.name}  (created ${o.createdAt.toISOString()})`);
        for (const k of o.keys) {
          const state = k.revokedAt
            ? `revoked ${k.revokedAt.toISOString()}`
            : `active, last used ${k.lastUsedAt?.toISOString() ?? "never"}`;
          console.log(`    key ${k.id}  ${k.prefix}…  ${state}`);
        }
      }
      return 0;
    }
  }
  console.error(USAGE);
  return 2;
}

const [command, ...rest] = process.argv.slice(2);
const needsArg = command === "create" || command === "key" || command === "revoke-key";
if (!["create", "key", "revoke-key", "list"].includes(command ?? "") || (needsArg && !rest.join(" ").trim())) {
  console.error(USAGE);
  process.exit(2);
}

let code = 1;
try {
  getConfig();
  const database = await getDatabase();
  try {
    await migrate(database);
    code = await run(process.argv.slice(2));
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
}
process.exit(code);
