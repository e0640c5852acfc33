import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference";
import { sandboxDemoApiKey } from "@/lib/boot/demo-api-key";
import { getConfig } from "@/lib/config";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { OPERATIONS, WEBHOOK_EVENTS } from "@/lib/openapi/registry";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API reference" };

export default function DocsPage() {
  const doc = buildOpenApiDocument(OPERATIONS, getConfig().APP_URL, WEBHOOK_EVENTS);
  // A plain JSON value crosses to the client component (the document holds no class instances).
  return (
    <ApiReference
      document={JSON.parse(JSON.stringify(doc)) as Record<string, unknown>}
      demoApiKey={sandboxDemoApiKey()}
    />
  );
}
