// Whether an answer fits the hosted service's published OpenAPI document (0.13.0), to the
// letter of its response schemas. The document is not in the repository: responses.json keeps
// only what this check reads (scripts/reduce-published-openapi.ts rebuilds it). lib/test/http.ts
// runs the check on every answer a test receives, next to the check against our own schema.
//
// The semantics are OpenAPI 3.0's: `nullable: true` adds null to a schema's `type` (a schema
// without `type` already takes null); an object takes fields it does not name unless
// `additionalProperties: false`; `anyOf` needs one branch, `oneOf` exactly one, `allOf` all.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface PublishedSchema {
  type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  nullable?: boolean;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, PublishedSchema>;
  items?: PublishedSchema;
  additionalProperties?: boolean | PublishedSchema;
  anyOf?: PublishedSchema[];
  oneOf?: PublishedSchema[];
  allOf?: PublishedSchema[];
}

interface Finding {
  at: string;
  problem: string;
  /** An enum or type mismatch: the value names another branch of an anyOf/oneOf. */
  decisive?: boolean;
}

// Read rather than imported: typing 180 kB of JSON would slow every type check.
const RESPONSES: Record<string, Record<string, PublishedSchema>> = JSON.parse(
  readFileSync(join(import.meta.dirname, "responses.json"), "utf8"),
).responses;

/** `/v2/payee-destination/{destinationId}` and our `/v2/payee-destination/{id}` are one path. */
function pathShape(template: string): string {
  return template.replace(/\{[^}]+\}/g, "{}");
}

const BY_SHAPE = new Map(
  Object.entries(RESPONSES).map(([key, statuses]) => {
    const [method, template] = key.split(" ");
    return [`${method} ${pathShape(template)}`, { key, statuses }];
  }),
);

/** The published operation (`GET /v2/request/{requestId}`) our method + path serves, if any. */
export function publishedOperation(method: string, template: string): string | undefined {
  return BY_SHAPE.get(`${method} ${pathShape(template)}`)?.key;
}

/** Every published operation and the statuses the document gives a body schema for. */
export function publishedStatuses(): Record<string, string[]> {
  return Object.fromEntries(Object.entries(RESPONSES).map(([key, statuses]) => [key, Object.keys(statuses)]));
}

export function publishedSchema(operation: string, status: number): PublishedSchema | undefined {
  return RESPONSES[operation]?.[String(status)];
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (value === null) return "null";
  return typeof value;
}

function fitsType(type: NonNullable<PublishedSchema["type"]>, value: unknown): boolean {
  if (type === "integer") return Number.isInteger(value);
  return typeOf(value) === type;
}

/** Where findings go, minus those at a path the caller forgives (a named exception). */
interface Sink {
  findings: Finding[];
  forgive: (at: string) => boolean;
}

function add(sink: Sink, finding: Finding): void {
  if (!sink.forgive(finding.at)) sink.findings.push(finding);
}

function branchFindings(branches: PublishedSchema[], value: unknown, at: string, like: Sink): Finding[][] {
  return branches.map((branch) => {
    const sink = { findings: [], forgive: like.forgive };
    check(branch, value, at, sink);
    return sink.findings;
  });
}

/** The branch the answer most likely meant: no enum/type clash, then the fewest problems. */
function closest(results: Finding[][]): { index: number; findings: Finding[] } {
  const score = (f: Finding[]) => f.filter((x) => x.decisive).length * 1000 + f.length;
  let index = 0;
  for (let i = 1; i < results.length; i += 1) if (score(results[i]) < score(results[index])) index = i;
  return { index, findings: results[index] };
}

function check(schema: PublishedSchema, value: unknown, at: string, out: Sink): void {
  if (value === null && (schema.nullable || !schema.type)) {
    if (schema.allOf) for (const part of schema.allOf) check(part, value, at, out);
    return;
  }
  if (schema.type && !fitsType(schema.type, value)) {
    const problem =
      value === null
        ? "null, which the document does not allow here"
        : `${typeOf(value)} where ${schema.type} is published`;
    add(out, { at, problem, decisive: true });
    return;
  }
  if (schema.enum && !schema.enum.includes(value)) {
    add(out, { at, problem: `${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`, decisive: true });
  }
  if (typeOf(value) === "object" && (schema.type === "object" || schema.properties || schema.required)) {
    const object = value as Record<string, unknown>;
    for (const name of schema.required ?? [])
      if (!(name in object)) add(out, { at: `${at}.${name}`, problem: "required, and missing" });
    for (const [name, field] of Object.entries(object)) {
      const declared = schema.properties?.[name];
      if (declared) check(declared, field, `${at}.${name}`, out);
      else if (schema.additionalProperties === false)
        add(out, { at: `${at}.${name}`, problem: "not a published field" });
      else if (typeof schema.additionalProperties === "object")
        check(schema.additionalProperties, field, `${at}.${name}`, out);
    }
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => {
      check(schema.items as PublishedSchema, item, `${at}[${i}]`, out);
    });
  }
  if (schema.allOf) for (const part of schema.allOf) check(part, value, at, out);
  if (schema.anyOf) {
    const results = branchFindings(schema.anyOf, value, at, out);
    if (!results.some((r) => r.length === 0)) {
      const { index, findings } = closest(results);
      for (const f of findings)
        out.findings.push({ ...f, problem: `${f.problem} (anyOf: closest is branch ${index})` });
    }
  }
  if (schema.oneOf) {
    const results = branchFindings(schema.oneOf, value, at, out);
    const matching = results.filter((r) => r.length === 0).length;
    if (matching > 1) add(out, { at, problem: `matches ${matching} oneOf branches, the document allows exactly one` });
    if (matching === 0) {
      const { index, findings } = closest(results);
      for (const f of findings)
        out.findings.push({ ...f, problem: `${f.problem} (oneOf: closest is branch ${index})` });
    }
  }
}

/** Where `body` departs from the published schema (`$.field[0].other`), leaving out what is at a
 * path `forgive` accepts: before an anyOf/oneOf branch is judged, so a forgiven field does not
 * make the answer miss its branch. */
export function conformanceProblems(
  schema: PublishedSchema,
  body: unknown,
  forgive: (at: string) => boolean = () => false,
): { at: string; problem: string }[] {
  const sink: Sink = { findings: [], forgive };
  check(schema, body, "$", sink);
  return sink.findings.map(({ at, problem }) => ({ at, problem }));
}
