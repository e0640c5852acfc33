import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument } from "../openapi/build-document";
import { OPERATIONS, WEBHOOK_EVENTS } from "../openapi/registry";
import { EVENT_NAMES, EVENT_PAYLOADS } from "./events";

describe("the API reference", () => {
  it("documents every event's payload fields and the delivery headers as OpenAPI webhooks", () => {
    const doc = buildOpenApiDocument(OPERATIONS, "http://localhost:3000", WEBHOOK_EVENTS);
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_NAMES].sort());
    for (const name of EVENT_NAMES) {
      const post = doc.webhooks[name].post as {
        requestBody: { content: { "application/json": { schema: { properties: object } } } };
        parameters: { name: string }[];
      };
      expect(Object.keys(post.requestBody.content["application/json"].schema.properties), name).toEqual(
        Object.keys(EVENT_PAYLOADS[name].shape),
      );
      expect(post.parameters.map((p) => p.name)).toContain("x-service-signature");
      expect(post.parameters.map((p) => p.name)).toContain("x-request-network-signature");
    }
  });

  it("shows a whole example of every event, with every field of its list, in order", () => {
    const doc = buildOpenApiDocument(OPERATIONS, "http://localhost:3000", WEBHOOK_EVENTS);
    for (const name of EVENT_NAMES) {
      const example = (
        doc.webhooks[name].post as {
          requestBody: { content: { "application/json": { example: Record<string, unknown> } } };
        }
      ).requestBody.content["application/json"].example;
      expect(Object.keys(example), name).toEqual(Object.keys(EVENT_PAYLOADS[name].shape));
      expect(z.safeEncode(EVENT_PAYLOADS[name] as z.ZodType, example).success, name).toBe(true); // the wire form
    }
    const confirmed = (
      doc.webhooks["payment.confirmed"].post as {
        requestBody: { content: { "application/json": { example: Record<string, unknown> } } };
      }
    ).requestBody.content["application/json"].example;
    expect(confirmed).toMatchObject({
      isCryptoToFiat: false,
      subStatus: "",
      paymentProcessor: "request-network",
      reference: "order-1042",
      origin: "https://shop.example.com",
    });
  });
});
