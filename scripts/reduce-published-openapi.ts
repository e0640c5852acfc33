// Rebuilds lib/openapi/published/responses.json from the hosted service's published OpenAPI
// document (openapi.v2.json), which the repository does not carry: only the facts the response
// check needs (lib/openapi/published/conformance.ts) are kept, so tests never read the document.
//
//   npx tsx scripts/reduce-published-openapi.ts <path/to/openapi.v2.json>
//
// Kept per response schema: type, properties, required, nullable, enum, items,
// additionalProperties and the anyOf/oneOf/allOf combinators; `$ref`s are inlined.
// Dropped: descriptions, examples, titles, formats and numeric/length bounds. Statuses whose
// body the document gives only as an example (no schema) are left out.
import fs from "node:fs";
import path from "node:path";

type Json = Record<string, unknown>;

const OUT = path.resolve(import.meta.dirname, "../lib/openapi/published/responses.json");
const METHODS = ["get", "post", "put", "patch", "delete"];
const KEPT = ["type", "nullable", "enum", "required"] as const;

const file = process.argv[2];
if (!file) {
  console.error("usage: npx tsx scripts/reduce-published-openapi.ts <path/to/openapi.v2.json>");
  process.exit(2);
}
const document = JSON.parse(fs.readFileSync(file, "utf8")) as Json;

function resolveRef(ref: string): Json {
  if (!ref.startsWith("#/")) throw new Error(`external $ref not supported: ${ref}`);
  let node: unknown = document;
  for (const part of ref.slice(2).split("/")) node = (node as Json)[part.replaceAll("~1", "/").replaceAll("~0", "~")];
  if (!node || typeof node !== "object") throw new Error(`unresolved $ref ${ref}`);
  return node as Json;
}

function reduce(schema: Json, seen: string[] = []): Json {
  if (typeof schema.$ref === "string") {
    if (seen.includes(schema.$ref)) throw new Error(`recursive $ref ${schema.$ref}`);
    return reduce(resolveRef(schema.$ref), [...seen, schema.$ref]);
  }
  const out: Json = {};
  for (const key of KEPT) if (key in schema) out[key] = schema[key];
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, Json>).map(([name, s]) => [name, reduce(s, seen)]),
    );
  }
  if (schema.items) out.items = reduce(schema.items as Json, seen);
  if ("additionalProperties" in schema) {
    const extra = schema.additionalProperties;
    out.additionalProperties = typeof extra === "object" && extra !== null ? reduce(extra as Json, seen) : extra;
  }
  for (const combinator of ["anyOf", "oneOf", "allOf"] as const) {
    if (Array.isArray(schema[combinator])) out[combinator] = (schema[combinator] as Json[]).map((s) => reduce(s, seen));
  }
  return out;
}

const responses: Record<string, Record<string, Json>> = {};
for (const [template, item] of Object.entries(document.paths as Record<string, Json>)) {
  for (const method of METHODS) {
    const operation = item[method] as Json | undefined;
    if (!operation) continue;
    for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
      const content = (response.content ?? {}) as Record<string, Json>;
      const schema = content["application/json"]?.schema as Json | undefined;
      if (!schema) continue;
      const key = `${method.toUpperCase()} ${template}`;
      responses[key] ??= {};
      responses[key][status] = reduce(schema);
    }
  }
}

const info = document.info as Json;
const reduced = { source: `${info.title} ${info.version}`, responses };
fs.writeFileSync(OUT, `${JSON.stringify(reduced, null, 2)}\n`);
const count = Object.values(responses).reduce((n, statuses) => n + Object.keys(statuses).length, 0);
console.log(
  `${path.relative(process.cwd(), OUT)}: ${count} response schemas of ${Object.keys(responses).length} operations`,
);
