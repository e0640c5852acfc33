import type { Metadata } from "next";
import { getConfig } from "@/lib/config";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { ENDPOINTS, WEBHOOK_EVENTS } from "@/lib/openapi/registry";
import { Operation, type OperationDoc } from "@/components/docs/operation";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API reference" };

export default function DocsPage() {
  const doc = buildOpenApiDocument(ENDPOINTS, getConfig().APP_URL, WEBHOOK_EVENTS);
  // Endpoints first, then the events the service POSTs to webhook endpoints.
  const ops = [...Object.entries(doc.paths), ...Object.entries(doc.webhooks)].flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op: op as unknown as OperationDoc })),
  );
  const tags = [...new Set(ops.flatMap((o) => o.op.tags))];
  return (
    <div className="mx-auto flex max-w-7xl gap-8 px-4 py-8">
      <nav aria-label="Endpoints" className="sticky top-8 hidden h-[calc(100vh-4rem)] w-64 shrink-0 overflow-y-auto md:block">
        <p className="mb-4 text-lg font-semibold">Stablelink API</p>
        {tags.map((tag) => (
          <div key={tag} className="mb-4">
            <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{tag}</p>
            <ul className="space-y-1 text-sm">
              {ops.filter((o) => o.op.tags.includes(tag)).map((o) => (
                <li key={o.op.operationId}>
                  <a className="block truncate rounded px-1 hover:bg-slate-200" href={`#${o.op.operationId}`}>
                    <span className="font-mono text-xs text-slate-500">{o.method.toUpperCase()}</span> {o.path}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <main className="min-w-0 flex-1">
        <h1 className="text-3xl font-bold">API reference</h1>
        <p className="mt-2 max-w-3xl text-slate-600">{doc.info.description}</p>
        <p className="mt-2 text-sm text-slate-600">
          Version {doc.info.version} · Base URL <code className="rounded bg-slate-200 px-1">{doc.servers[0].url}</code> · Machine-readable:{" "}
          <a className="text-blue-700 underline" href="/openapi.json">/openapi.json</a>
        </p>
        {tags.map((tag) => (
          <section key={tag} className="mt-10">
            <h2 className="border-b border-slate-300 pb-2 text-2xl font-semibold">{tag}</h2>
            {ops.filter((o) => o.op.tags.includes(tag)).map((o) => (
              <Operation key={o.op.operationId} method={o.method} path={o.path} op={o.op} />
            ))}
          </section>
        ))}
      </main>
    </div>
  );
}
