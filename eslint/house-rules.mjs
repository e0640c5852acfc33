// The house rules a machine can check (docs/architecture.md "Layers", "Domain walls"):
// - domain-walls: code outside a domain imports only its doors (domains.mjs), and a browser.ts
//   door re-exports only code that reaches no database, Node module or server package;
// - no-folder-cycles: no cycle between folders of lib/ (lib/a → lib/b → … → lib/a), tests aside;
// - no-file-cycles: no cycle between files anywhere (import/no-cycle's job, done here on the
//   same graph: that rule needs a resolver this repository does not configure).
// Prisma and viem in app/ are no-restricted-imports' (eslint.config.mjs).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { DOMAINS, isDoor, isTestCode } from "./domains.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = /\.(ts|tsx|mjs)$/;
const IMPORT = /(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

const rel = (file) => relative(ROOT, file).split(sep).join("/");

/** The repository file an import specifier names (relative or "@/"), or null for packages. */
function resolveImport(fromFile, spec) {
  let base;
  if (spec.startsWith("@/")) base = join(ROOT, spec.slice(2));
  else if (spec.startsWith(".")) base = normalize(join(dirname(fromFile), spec));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(candidate) && SOURCE.test(candidate)) return candidate;
  }
  return null;
}

/** `lib/<folder>` of a repository path, for lib/ files in a folder. */
function libFolder(path) {
  const parts = path.split("/");
  return parts[0] === "lib" && parts.length > 2 ? parts[1] : null;
}

function walk(dir, out = []) {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    if (d.name === "generated" || d.name === "node_modules") continue;
    const full = join(dir, d.name);
    if (d.isDirectory()) walk(full, out);
    else if (SOURCE.test(d.name)) out.push(full);
  }
  return out;
}

/** Folder edges that close a cycle we know of and have not broken yet, with the reason. Do not
 * add to this list: break the cycle (docs/architecture.md "Domain walls"). */
export const KNOWN_FOLDER_CYCLE_EDGES = {
  // The platform's test event names the client ID's linked orchestrator (findActiveLink), while
  // orchestrators emit client_id.linked through the outbox. To break: move the outbox (events,
  // emit-event) below both, or pass the link in from the route.
  "webhooks>orchestrators": "platform test events read the active orchestrator link",
};

let cycleCache;
/** Folder edges of lib/ (shipped code only) that lie on a cycle, with one cycle each closes. */
function cycleEdges() {
  if (cycleCache) return cycleCache;
  const graph = new Map();
  for (const file of walk(join(ROOT, "lib"))) {
    const from = libFolder(rel(file));
    if (!from || isTestCode(rel(file))) continue;
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2]);
      const to = target && libFolder(rel(target));
      if (to && to !== from && !(`${from}>${to}` in KNOWN_FOLDER_CYCLE_EDGES))
        (graph.get(from) ?? graph.set(from, new Set()).get(from)).add(to);
    }
  }
  cycleCache = cyclesOf(graph);
  return cycleCache;
}

/** For a graph (Map of node → Set of nodes): every edge that lies on a cycle, with one such cycle. */
function cyclesOf(graph) {
  const pathBetween = (start, goal) => {
    const seen = new Map([[start, null]]);
    const queue = [start];
    while (queue.length) {
      const at = queue.shift();
      if (at === goal) {
        const path = [];
        for (let p = at; p !== null; p = seen.get(p)) path.unshift(p);
        return path;
      }
      for (const next of graph.get(at) ?? []) {
        if (seen.has(next)) continue;
        seen.set(next, at);
        queue.push(next);
      }
    }
    return null;
  };
  const cycles = new Map();
  for (const [from, tos] of graph) {
    for (const to of tos) {
      const back = pathBetween(to, from);
      if (back) cycles.set(`${from}>${to}`, [from, ...back].join(" → "));
    }
  }
  return cycles;
}

let fileCycleCache;
/** File edges (shipped code in lib/, app/, components/) that lie on an import cycle. */
function fileCycleEdges() {
  if (fileCycleCache) return fileCycleCache;
  const graph = new Map();
  for (const top of ["lib", "app", "components"]) {
    for (const file of walk(join(ROOT, top))) {
      const from = rel(file);
      if (isTestCode(from)) continue;
      for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
        if (/^(import|export)\s+type\s/.test(m[0])) continue; // erased at build: cannot cycle at run time
        const target = resolveImport(file, m[1] ?? m[2]);
        if (target) (graph.get(from) ?? graph.set(from, new Set()).get(from)).add(rel(target));
      }
    }
  }
  fileCycleCache = cyclesOf(graph);
  return fileCycleCache;
}

function importVisitor(context, check) {
  const visit = (node) => {
    const spec = node.source?.value;
    if (typeof spec !== "string") return;
    const target = resolveImport(context.filename, spec);
    if (target) check(node, rel(target));
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

// What makes a file server-only: browser.ts doors must not reach these (they are bundled for the browser).
const SERVER_ONLY = /^(node:|pg$|pg-boss$|@prisma\/|@electric-sql\/|pglite-prisma-adapter$|pino$|next\/headers$)/;
const serverMemo = new Map();
/** The chain of imports by which a file reaches server-only code, or null. */
function serverPath(file, seen = new Set()) {
  if (serverMemo.has(file)) return serverMemo.get(file);
  if (seen.has(file)) return null;
  seen.add(file);
  let found = rel(file).startsWith("lib/db/") ? [rel(file)] : null;
  for (const m of found ? [] : readFileSync(file, "utf8").matchAll(IMPORT)) {
    if (/^(import|export)\s+type\s/.test(m[0])) continue;
    const spec = m[1] ?? m[2];
    if (SERVER_ONLY.test(spec)) found = [rel(file), spec];
    else {
      const target = resolveImport(file, spec);
      const below = target && serverPath(target, seen);
      if (below) found = [rel(file), ...below];
    }
    if (found) break;
  }
  serverMemo.set(file, found);
  return found;
}

const domainWalls = {
  meta: { type: "problem", docs: { description: "Import another domain only through its doors" }, schema: [] },
  create(context) {
    const here = rel(context.filename);
    if (isTestCode(here)) return {};
    const browserDoor = /^lib\/[^/]+\/browser\.ts$/.test(here);
    return importVisitor(context, (node, target) => {
      if (browserDoor && node.exportKind !== "type" && node.importKind !== "type") {
        const path = serverPath(join(ROOT, target));
        if (path)
          context.report({
            node,
            message: `browser.ts is bundled for the browser, but ${path.join(" → ")} is server code: export it from index.ts instead`,
          });
      }
      const domain = libFolder(target);
      if (!domain || !DOMAINS.includes(domain) || libFolder(here) === domain) return;
      const inside = target.split("/").slice(2).join("/");
      if (isDoor(here, inside)) return;
      context.report({
        node,
        message: `${target} is private to the ${domain} domain: import lib/${domain} (index.ts; browser.ts from browser code), or export what you need from there`,
      });
    });
  },
};

const noFolderCycles = {
  meta: { type: "problem", docs: { description: "No import cycle between folders of lib/" }, schema: [] },
  create(context) {
    const here = rel(context.filename);
    const from = libFolder(here);
    if (!from || isTestCode(here)) return {};
    return importVisitor(context, (node, target) => {
      const to = libFolder(target);
      const cycle = to && to !== from && cycleEdges().get(`${from}>${to}`);
      if (cycle)
        context.report({
          node,
          message: `lib/${from} → lib/${to} closes a folder cycle (${cycle}): move the shared piece to a lower folder or invert the dependency`,
        });
    });
  },
};

const noFileCycles = {
  meta: { type: "problem", docs: { description: "No import cycle between files" }, schema: [] },
  create(context) {
    const here = rel(context.filename);
    if (isTestCode(here)) return {};
    return importVisitor(context, (node, target) => {
      const cycle = fileCycleEdges().get(`${here}>${target}`);
      if (cycle && node.importKind !== "type")
        context.report({ node, message: `This import closes a file cycle (${cycle})` });
    });
  },
};

export const houseRules = {
  rules: { "domain-walls": domainWalls, "no-folder-cycles": noFolderCycles, "no-file-cycles": noFileCycles },
};
