// /openapi.json is read by generators and validators, not only by our /docs page: the whole
// document (webhooks included) must be valid OpenAPI 3.1 and every $ref must point somewhere.
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./build-document";
import { OPERATIONS, WEBHOOK_EVENTS } from "./registry";

const doc = buildOpenApiDocument(OPERATIONS, "http://localhost:3000", WEBHOOK_EVENTS);

function refsOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsOf(v, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refsOf(v, out);
    }
  }
  return out;
}

function resolves(ref: string): boolean {
  if (!ref.startsWith("#/")) return false;
  let node: unknown = doc;
  for (const part of ref
    .slice(2)
    .split("/")
    .map((p) => p.replaceAll("~1", "/").replaceAll("~0", "~"))) {
    if (!node || typeof node !== "object" || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return node !== undefined;
}

describe("the OpenAPI document", () => {
  it("has no $ref that points nowhere", () => {
    const dangling = [...new Set(refsOf(doc).filter((r) => !resolves(r)))];
    expect(dangling).toEqual([]);
  });

  it("passes an OpenAPI 3.1 validator, references resolved", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(() => validator.resolveRefs()).not.toThrow();
  });
});
