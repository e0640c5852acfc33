// "Every operation appears in the API reference by construction": each app/ route's handlers
// carry their operation; it must be registered, and its path must be the folder it lives in.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RouteHandler } from "../api/route";
import { ERROR_CODES } from "../http/error-codes";
import { buildOpenApiDocument } from "./build-document";
import { OPERATIONS } from "./registry";

const APP = path.resolve(__dirname, "../../app");

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return routeFiles(full);
    return d.name === "route.ts" ? [full] : [];
  });
}

function pathOf(file: string): string {
  const rel = path.relative(APP, path.dirname(file)).split(path.sep);
  return "/" + rel.map((seg) => seg.replace(/^\[(.+)\]$/, "{$1}")).join("/");
}

describe("API reference registry", () => {
  it("holds every operation an app/ route serves, under the route's own path", async () => {
    const served = [];
    for (const file of routeFiles(APP)) {
      if (file.includes("...")) continue; // catch-all 404s
      const mod = (await import(file)) as Record<string, RouteHandler>;
      for (const handler of Object.values(mod)) {
        if (typeof handler !== "function" || !handler.operation) continue;
        expect(handler.operation.path, file).toBe(pathOf(file));
        expect(
          OPERATIONS,
          `${handler.operation.method} ${handler.operation.path} is not in lib/openapi/registry.ts`,
        ).toContain(handler.operation);
        served.push(handler.operation);
      }
    }
    expect(new Set(served)).toEqual(new Set(OPERATIONS));
  });

  it("documents each operation with its parameters and error responses", () => {
    const doc = buildOpenApiDocument(OPERATIONS, "http://localhost:3000");
    const op = doc.paths["/v2/currencies/{currencyId}/conversion-routes"].get as {
      parameters: { name: string; in: string }[];
      responses: Record<string, unknown>;
    };
    expect(op.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "currencyId", in: "path" }),
        expect.objectContaining({ name: "networks", in: "query" }),
      ]),
    );
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "404", "429"]));
    expect(doc.components.schemas).toHaveProperty("Currency");
  });

  it("publishes every error code with its meaning, so clients can branch on code", () => {
    const doc = buildOpenApiDocument(OPERATIONS, "http://localhost:3000");
    const error = doc.components.schemas.Error as {
      required: string[];
      properties: { code: { enum: string[]; description: string } };
    };
    expect(error.required).toEqual(expect.arrayContaining(["statusCode", "message", "error", "code"]));
    expect(error.properties.code.enum).toEqual(Object.keys(ERROR_CODES));
    for (const [code, meaning] of Object.entries(ERROR_CODES))
      expect(error.properties.code.description).toContain(`\`${code}\`: ${meaning}`);
  });
});
