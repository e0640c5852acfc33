import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference";
import { sandboxDemoApiKey, sandboxDemoClientId } from "@/lib/boot/demo-api-key";
import { getConfig } from "@/lib/config";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { withSandboxValues } from "@/lib/openapi/example-values";
import { OPERATIONS, WEBHOOK_EVENTS } from "@/lib/openapi/registry";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API reference" };

export default function DocsPage() {
  // In the sandbox, the examples that name a client ID carry the demo platform's.
  const doc = withSandboxValues(buildOpenApiDocument(OPERATIONS, getConfig().APP_URL, WEBHOOK_EVENTS), {
    clientId: sandboxDemoClientId(),
  });
  // A plain JSON value crosses to the client component (the document holds no class instances).
  return (
    <ApiReference
      document={JSON.parse(JSON.stringify(doc)) as Record<string, unknown>}
      demoApiKey={sandboxDemoApiKey()}
    />
  );
}
