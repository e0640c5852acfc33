"use client";
// The API reference: Scalar's renderer (search, request examples per language, example
// responses, a try-it console) over the OpenAPI document built from the zod schemas.
// Everything it needs is bundled by us: default fonts, telemetry, the AI agent, MCP, the hosted
// API client and the request proxy (all Scalar's services) are off, so /docs works offline and
// sends the reader's API key only to this service (docs/decisions/api-reference-scalar.md).
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

export function ApiReference({ document, demoApiKey }: { document: Record<string, unknown>; demoApiKey?: string }) {
  return (
    <ApiReferenceReact
      configuration={{
        content: document,
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        mcp: { disabled: true },
        hideClientButton: true,
        showDeveloperTools: "never",
        documentDownloadType: "json",
        // An operation's anchor ends with its operationId: /docs#tag/webhooks/postV1Webhook.
        generateOperationSlug: (op) => op.operationId ?? `${op.method}-${op.path}`,
        authentication: {
          preferredSecurityScheme: "ApiKey",
          // Sandbox: examples and the try-it console carry the demo platform's key.
          ...(demoApiKey ? { securitySchemes: { ApiKey: { value: demoApiKey } } } : {}),
        },
      }}
    />
  );
}
