// For settle-kill.test.ts only: a settlement worker in a process of its own, which the test
// kills with SIGKILL and starts again. It settles open intents in a loop (settleOpenIntents,
// as the worker's runExclusively job does) on the database SETTLE_DB names — a PostgreSQL URL
// with ?schema=, or pglite:<directory> — and the sandbox chains of SANDBOX_PORTS (pointAppAtSandbox sets it), and
// prints "idle" after each pass that leaves no intent open.
import { openedDatabase, openPglite, openPostgres, setDatabaseFactory } from "../db/client";
import { openIntents } from "./intent-store";
import { settleOpenIntents } from "./settle-intents";

const target = process.env.SETTLE_DB;
if (!target) throw new Error("SETTLE_DB is required");
setDatabaseFactory(() =>
  target.startsWith("pglite:") ? openPglite(target.slice("pglite:".length)) : openPostgres(target),
);
// SIGTERM (sent while idle): close the database properly, as a stopped worker does.
process.on(
  "SIGTERM",
  () => void Promise.resolve(openedDatabase()?.then((d) => d.close())).finally(() => process.exit(0)),
);
console.log("started");
for (;;) {
  await settleOpenIntents();
  if ((await openIntents()).length === 0) console.log("idle");
  await new Promise((r) => setTimeout(r, 100));
}
