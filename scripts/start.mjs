// `npm start`: check the configuration, build when the sources changed since the last build,
// then serve (migrations, demo seed and workers run inside the server: instrumentation.ts).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const dev = process.argv.includes("--dev");
// NEXT_MANUAL_SIG_HANDLE: the server's own handler (lib/boot/start-app.ts) saves the sandbox
// chains before exiting; Next.js's would exit without waiting for it.
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_MANUAL_SIG_HANDLE: "1" };
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(full)) {
    if (child === "generated" || child === "node_modules" || child.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

function buildIsStale() {
  const id = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(id)) return true;
  const built = fs.statSync(id).mtimeMs;
  const sources = [
    "app",
    "components",
    "lib",
    "messages",
    "public",
    "prisma",
    "instrumentation.ts",
    "next.config.ts",
    "package-lock.json",
    "postcss.config.mjs",
  ];
  return sources.some((s) => newestMtime(s) > built);
}

run(bin("tsx"), [path.join(root, "scripts", "check-config.ts")]);
if (dev) {
  run("npm", ["run", "--silent", "db:generate"]);
} else if (buildIsStale()) {
  console.log("Building (first start or sources changed)…");
  run("npm", ["run", "--silent", "build"]);
}
// `--build-only`: build when needed and exit (scripts that start several servers at once build first).
if (process.argv.includes("--build-only")) process.exit(0);
const port = process.env.PORT ?? "3000";
// Our own server around Next.js (scripts/serve.mjs): JSON answers to what Node's parser refuses,
// and the peer address for per-source limits.
const child = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs"), ...(dev ? ["--dev"] : [])], {
  cwd: root,
  env: { ...env, PORT: port },
  stdio: "inherit",
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
