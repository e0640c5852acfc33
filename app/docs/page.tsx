import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference } from "@/components/docs/api-reference";
import { sandboxDemoApiKey, sandboxDemoClientId } from "@/lib/boot/demo-api-key";
import { getConfig } from "@/lib/config";
import { withSandboxValues } from "@/lib/http/example-values";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
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
    <>
      {/* The first screen is in the server's HTML: the reference below renders in the browser. */}
      <header className="border-b border-slate-200 bg-white px-4 py-6 sm:px-8" data-testid="docs-intro">
        <div className="mx-auto max-w-4xl">
          <h1 className="text-3xl font-bold">Stablelink API</h1>
          <p className="mt-2 text-slate-700">
            Payment requests, payouts and payment links in stablecoins on seven EVM chains and Tron, over HTTP with an
            API key (<code>x-api-key</code>). Errors are <code>{"{statusCode, message, error, code}"}</code>: branch on{" "}
            <code>code</code>. Every example below works when pasted against the sandbox.
          </p>
          <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
            <Link
              href="/docs/quickstart"
              className="rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
            >
              Quickstart: get paid in the sandbox
            </Link>
            <a href="/openapi.json" className="py-2 font-semibold text-blue-800 underline underline-offset-2">
              OpenAPI document
            </a>
          </p>
        </div>
      </header>
      <ApiReference
        document={JSON.parse(JSON.stringify(doc)) as Record<string, unknown>}
        demoApiKey={sandboxDemoApiKey()}
      />
    </>
  );
}
