// The npm registry reachable here serves only linux-x64 builds of platform-specific packages,
// so `npm install` leaves the other platforms' optional packages out of package-lock.json, and
// `npm ci` then refuses the lock as out of sync. This adds those entries back, marked optional
// with the os/cpu their names state, so npm skips them on every other platform as it would
// with a complete lock. Run it after every `npm install` (it is idempotent).
import fs from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const pkgs = lock.packages;

const OS = ["darwin", "win32", "linux", "android", "freebsd", "openharmony", "openbsd", "netbsd", "sunos", "aix"];
const CPU = {
  amd64: "x64",
  x64: "x64",
  arm64: "arm64",
  aarch64: "arm64",
  arm: "arm",
  ia32: "ia32",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
  wasm32: "wasm32",
};

function platformOf(name) {
  const tokens = name.split("/").pop().split("-");
  const os = tokens.find((t) => OS.includes(t));
  const cpu = tokens.map((t) => CPU[t]).find(Boolean);
  if (!os && !cpu) return null;
  return { os: [os ?? (cpu === "wasm32" ? "wasi" : "unknown")], cpu: [cpu ?? "unknown"] };
}

let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    if (pkgs[base] || pkgs[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue; // not a platform build: leave it for npm to resolve
    pkgs[`node_modules/${dep}`] = { version, ...(meta.dev ? { dev: true } : {}), optional: true, ...platform };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`package-lock.json: added ${added} platform-specific optional entries`);
