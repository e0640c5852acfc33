// The check of answers against the published document (lib/test/http.ts runs it on every
// answer): OpenAPI 3.0 semantics as the document uses them, and its reach over our operations.
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "../registry";
import {
  conformanceProblems,
  type PublishedSchema,
  publishedOperation,
  publishedSchema,
  publishedStatuses,
} from "./conformance";
import { CONFORMANCE_EXCEPTIONS, isExcepted } from "./exceptions";

const problems = (schema: PublishedSchema, body: unknown, forgive?: (at: string) => boolean) =>
  conformanceProblems(schema, body, forgive).map((p) => `${p.at}: ${p.problem}`);

describe("the published document's semantics", () => {
  it("takes null only where `nullable: true` (or no type) allows it", () => {
    const schema: PublishedSchema = {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "string", nullable: true }, c: {} },
    };
    expect(problems(schema, { a: null, b: null, c: null })).toEqual([
      "$.a: null, which the document does not allow here",
    ]);
    expect(problems(schema, {})).toEqual([]);
  });

  it("names missing required fields, wrong types and values outside an enum", () => {
    const schema: PublishedSchema = {
      type: "object",
      required: ["id", "kind"],
      properties: { id: { type: "integer" }, kind: { type: "string", enum: ["a", "b"] } },
    };
    expect(problems(schema, { kind: "c" })).toEqual([
      "$.id: required, and missing",
      '$.kind: "c" is not one of ["a","b"]',
    ]);
    expect(problems(schema, { id: 1.5, kind: "a" })).toEqual(["$.id: number where integer is published"]);
  });

  it("takes unnamed fields unless additionalProperties is false, and checks them against a schema when it is one", () => {
    const open: PublishedSchema = { type: "object", properties: { a: { type: "string" } } };
    expect(problems(open, { a: "x", extra: 1 })).toEqual([]);
    expect(problems({ ...open, additionalProperties: false }, { a: "x", extra: 1 })).toEqual([
      "$.extra: not a published field",
    ]);
    const map: PublishedSchema = { type: "object", additionalProperties: { type: "object", required: ["n"] } };
    expect(problems(map, { x: { n: 1 }, y: {} })).toEqual(["$.y.n: required, and missing"]);
  });

  it("needs one anyOf branch, reporting the one the answer meant (its enum matches)", () => {
    const schema: PublishedSchema = {
      anyOf: [
        {
          type: "object",
          required: ["paymentType", "x"],
          properties: { paymentType: { type: "string", enum: ["single"] } },
        },
        {
          type: "object",
          required: ["paymentType", "children", "payees"],
          properties: { paymentType: { type: "string", enum: ["multicall"] } },
        },
      ],
    };
    expect(problems(schema, { paymentType: "single", x: 1 })).toEqual([]);
    expect(problems(schema, { paymentType: "multicall", children: [] })).toEqual([
      "$.payees: required, and missing (anyOf: closest is branch 1)",
    ]);
  });

  it("needs exactly one oneOf branch, and every allOf part (a nullable part lets null through)", () => {
    const oneOf: PublishedSchema = { oneOf: [{ type: "string" }, { type: "number" }] };
    expect(problems(oneOf, "fast")).toEqual([]);
    expect(problems(oneOf, true)).toHaveLength(1);
    expect(problems({ oneOf: [{ type: "number" }, { type: "number" }] }, 1)).toEqual([
      "$: matches 2 oneOf branches, the document allows exactly one",
    ]);
    const feePlan: PublishedSchema = { allOf: [{ type: "object", required: ["version"], nullable: true }, {}] };
    expect(problems(feePlan, null)).toEqual([]);
    expect(problems(feePlan, {})).toEqual(["$.version: required, and missing"]);
  });

  it("forgives an excepted field before judging anyOf branches, so the answer keeps its branch", () => {
    const schema: PublishedSchema = {
      anyOf: [
        {
          type: "object",
          required: ["transactions"],
          properties: { transactions: { type: "array", items: { type: "object" } } },
        },
        { type: "object", required: ["paymentIntentId"] },
      ],
    };
    const body = { transactions: [0] };
    expect(problems(schema, body)).toHaveLength(1);
    expect(problems(schema, body, (at) => at === "$.transactions[0]")).toEqual([]);
  });
});

describe("the reduced document and our operations", () => {
  it("serves every published operation that has a response schema, under the same path", () => {
    const ours = new Set(
      OPERATIONS.map((o) => publishedOperation(o.method, o.path)).filter((k): k is string => k !== undefined),
    );
    expect(Object.keys(publishedStatuses()).filter((key) => !ours.has(key))).toEqual([]);
  });

  it("names only published operations and statuses in its exceptions, each with a reason", () => {
    for (const e of CONFORMANCE_EXCEPTIONS) {
      expect(publishedSchema(e.operation, e.status), `${e.operation} ${e.status}`).toBeDefined();
      expect(e.reason.length).toBeGreaterThan(20);
      expect(e.at.startsWith("$")).toBe(true);
    }
    expect(isExcepted("GET /v2/request/{requestId}/pay", 200, {}, "$.transactions[3].value")).toBe(true);
    expect(isExcepted("GET /v2/request/{requestId}/pay", 200, {}, "$.transactions[3].to")).toBe(false);
    expect(isExcepted("GET /v2/secure-payments/{token}/pay", 200, { paymentType: "single" }, "$.metadata")).toBe(false);
  });
});
