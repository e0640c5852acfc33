// The house rules a machine can check (docs/architecture.md "Layers", "Domain walls"):
// - domain-walls: code outside a domain imports only its doors (domains.mjs), and a browser.ts
//   door re-exports only code that reaches no database, Node module or server package;
// - no-folder-cycles: no cycle between folders of lib/ (lib/a → lib/b → … → lib/a), tests aside;
// - no-file-cycles: no cycle between files anywhere (import/no-cycle's job, done here on the
//   same graph: that rule needs a resolver this repository does not configure);
// - table-walls: a folder of lib/ reads and writes only the tables its domain owns (tables.mjs).
// Prisma and viem in app/ are no-restricted-imports' (eslint.config.mjs).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { DOMAINS, isDoor, isTestCode } from "./domains.mjs";
import { KNOWN_TABLE_CROSSINGS, SCHEMA_OWNERS, TABLES } from "./tables.mjs";

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
export const KNOWN_FOLDER_CYCLE_EDGES = {};

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

// The methods of a Prisma model delegate (`tx.payment.<method>`): a member chain ending in one
// of them on a model's accessor is that model's table being read or written.
const PRISMA_METHODS = new Set([
  "aggregate",
  "count",
  "create",
  "createMany",
  "createManyAndReturn",
  "delete",
  "deleteMany",
  "findFirst",
  "findFirstOrThrow",
  "findMany",
  "findUnique",
  "findUniqueOrThrow",
  "groupBy",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
]);
const lowerFirst = (name) => name[0].toLowerCase() + name.slice(1);
const BY_ACCESSOR = new Map(Object.entries(TABLES).map(([model, t]) => [lowerFirst(model), { model, ...t }]));
const BY_TABLE = new Map(Object.entries(TABLES).map(([model, t]) => [t.table, { model, ...t }]));
// A table named after a keyword that takes one: FROM, JOIN, INTO, UPDATE, DELETE FROM, TABLE
// (TRUNCATE TABLE, LOCK TABLE), maybe schema-qualified, maybe quoted.
const SQL_TABLE =
  /\b(?:from|join|into|update|truncate(?:\s+table)?|table)\s+(?:only\s+)?(?:"?(\w+)"?\s*\.\s*)?"?(\w+)"?/gi;
const RAW_TAGS = new Set(["$queryRaw", "$executeRaw", "$queryRawUnsafe", "$executeRawUnsafe"]);

/** The owners of the tables an SQL text names: [{ name, owner }]. */
export function tablesInSql(text) {
  const found = [];
  for (const m of text.matchAll(SQL_TABLE)) {
    const [, schema, name] = m;
    const schemaOwner = schema && Object.entries(SCHEMA_OWNERS).find(([s]) => schema === s || schema.endsWith(`_${s}`));
    if (schemaOwner) found.push({ name: `${schema}.${name}`, owner: schemaOwner[1] });
    else if (BY_TABLE.has(name)) found.push({ name, owner: BY_TABLE.get(name).owner });
  }
  return found;
}

/** Is this tagged template SQL: `x.$queryRaw\`…\``, `x.$executeRaw\`…\``, `Prisma.sql\`…\``? */
function isSqlTag(tag) {
  if (tag.type === "TSInstantiationExpression") return isSqlTag(tag.expression);
  if (tag.type !== "MemberExpression" || tag.property.type !== "Identifier") return false;
  if (RAW_TAGS.has(tag.property.name)) return true;
  return tag.property.name === "sql" && tag.object.type === "Identifier" && tag.object.name === "Prisma";
}

/** Relation fields of prisma/schema.prisma: field name → the owners of the models it leads to
 * (`clientId` → client-ids: `include: { clientId: … }` on a link reads client_ids). */
function relationOwners() {
  const schema = readFileSync(join(ROOT, "prisma/schema.prisma"), "utf8");
  const owners = new Map();
  for (const [, body] of schema.matchAll(/^model \w+ \{$([\s\S]*?)^\}$/gm)) {
    for (const [, field, type] of body.matchAll(/^\s+(\w+)\s+(\w+)(?:\[\]|\?)?(?:\s|$)/gm)) {
      if (type in TABLES) (owners.get(field) ?? owners.set(field, new Set()).get(field)).add(TABLES[type].owner);
    }
  }
  return owners;
}
let relationCache;
// Keys that make an object a Prisma relation read: `rel: { select | include | where | is | some … }`.
const RELATION_READ = new Set(["select", "include", "where", "is", "isNot", "some", "every", "none", "orderBy"]);
// Keys whose object value holds relation fields: `include: { rel: true }`, `where: { rel: {…} }`
// (`select: { clientId: true }` may be a column of the same name: not counted).
const RELATION_HOLDERS = new Set(["include", "where", "AND", "OR", "NOT"]);
// A filter on a column (`clientId: { in: […] }`), not a relation.
const SCALAR_FILTERS = new Set([
  "equals",
  "in",
  "notIn",
  "lt",
  "lte",
  "gt",
  "gte",
  "not",
  "contains",
  "startsWith",
  "endsWith",
  "mode",
  "has",
  "hasSome",
  "hasEvery",
  "isEmpty",
  "path",
]);
const keyName = (property) =>
  property.key.type === "Identifier" ? property.key.name : property.key.type === "Literal" ? property.key.value : null;

const tableWalls = {
  meta: {
    type: "problem",
    docs: { description: "A domain reads and writes only the tables it owns (eslint/tables.mjs)" },
    schema: [],
  },
  create(context) {
    const here = rel(context.filename);
    const folder = libFolder(here);
    if (!folder || isTestCode(here)) return {};
    const check = (node, what, owner, table) => {
      if (owner === folder || `${here}>${table}` in KNOWN_TABLE_CROSSINGS) return;
      context.report({
        node,
        message: `${what} belongs to the ${owner} domain (eslint/tables.mjs): call a function of lib/${owner} instead of touching its table from lib/${folder}`,
      });
    };
    return {
      MemberExpression(node) {
        if (node.property.type !== "Identifier" || !PRISMA_METHODS.has(node.property.name)) return;
        const inner = node.object;
        if (inner.type !== "MemberExpression" || inner.computed || inner.property.type !== "Identifier") return;
        const model = BY_ACCESSOR.get(inner.property.name);
        if (model) check(node, `${model.model} (table ${model.table})`, model.owner, model.table);
      },
      Property(node) {
        // A relation read: `clientId: { select: … }` anywhere (an INCLUDE constant too), or a
        // relation named inside include/select/where (`include: { user: true }`, `where: { clientId: { platformId } }`).
        const owners = (relationCache ??= relationOwners()).get(keyName(node));
        if (!owners || owners.has(folder)) return;
        const value = node.value;
        const readsRelation =
          value.type === "ObjectExpression" &&
          value.properties.some((p) => p.type === "Property" && RELATION_READ.has(keyName(p)));
        const holder = node.parent?.type === "ObjectExpression" ? node.parent.parent : null;
        const holderKey = holder?.type === "Property" ? keyName(holder) : null;
        const inHolder =
          (holderKey === "include" &&
            (value.type === "ObjectExpression" || (value.type === "Literal" && value.value === true))) ||
          (RELATION_HOLDERS.has(holderKey) &&
            holderKey !== "select" &&
            value.type === "ObjectExpression" &&
            value.properties.some((p) => p.type !== "Property" || !SCALAR_FILTERS.has(keyName(p))));
        if (readsRelation || inHolder) check(node, `Relation ${keyName(node)}`, [...owners].join(" or "));
      },
      TaggedTemplateExpression(node) {
        if (!isSqlTag(node.tag)) return;
        const text = node.quasi.quasis.map((q) => q.value.cooked ?? q.value.raw).join(" ${} ");
        for (const t of tablesInSql(text)) check(node, `Table ${t.name}`, t.owner, t.name);
      },
      CallExpression(node) {
        // Prisma.raw("…") and the Unsafe variants take SQL as a plain string.
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.property.type !== "Identifier") return;
        const name = callee.property.name;
        const isRaw =
          RAW_TAGS.has(name) ||
          (name === "raw" && callee.object.type === "Identifier" && callee.object.name === "Prisma");
        const arg = node.arguments[0];
        if (!isRaw || !arg) return;
        const text =
          arg.type === "Literal" && typeof arg.value === "string"
            ? arg.value
            : arg.type === "TemplateLiteral"
              ? arg.quasis.map((q) => q.value.cooked ?? q.value.raw).join(" ${} ")
              : null;
        if (text) for (const t of tablesInSql(text)) check(node, `Table ${t.name}`, t.owner, t.name);
      },
    };
  },
};

export const houseRules = {
  rules: {
    "domain-walls": domainWalls,
    "no-folder-cycles": noFolderCycles,
    "no-file-cycles": noFileCycles,
    "table-walls": tableWalls,
  },
};
