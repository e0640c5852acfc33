// One endpoint of the API reference, rendered on the server from the OpenAPI document.

export interface OperationDoc {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: { name: string; in: string; required: boolean; description?: string; schema: Record<string, unknown> }[];
  requestBody?: { content: { "application/json": { schema: unknown; example?: unknown } } };
  responses: Record<string, { description: string; content?: { "application/json": { schema: unknown } } }>;
}

const METHOD_COLORS: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-800",
  post: "bg-blue-100 text-blue-800",
  put: "bg-amber-100 text-amber-800",
  patch: "bg-amber-100 text-amber-800",
  delete: "bg-red-100 text-red-800",
};

function typeOf(schema: Record<string, unknown>): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  return String(schema.type ?? "any");
}

export function Operation({ method, path, op }: { method: string; path: string; op: OperationDoc }) {
  const success = Object.entries(op.responses).filter(([code]) => code.startsWith("2"));
  const errors = Object.entries(op.responses).filter(([code]) => !code.startsWith("2"));
  return (
    <article id={op.operationId} className="mt-6 scroll-mt-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm">
        <span className={`rounded px-2 py-0.5 font-bold uppercase ${METHOD_COLORS[method] ?? ""}`}>{method}</span>
        <span className="break-all">{path}</span>
      </h3>
      <p className="mt-2 font-semibold">{op.summary}</p>
      {op.description.split("\n\n").map((p) => (
        <p key={p} className="mt-1 text-sm text-slate-600">{p}</p>
      ))}
      {op.parameters.length > 0 && (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-500">
              <tr><th className="py-1 pr-4">Parameter</th><th className="pr-4">In</th><th className="pr-4">Type</th><th>Description</th></tr>
            </thead>
            <tbody>
              {op.parameters.map((p) => (
                <tr key={`${p.in}:${p.name}`} className="border-t border-slate-100 align-top">
                  <td className="py-1 pr-4 font-mono">{p.name}{p.required && <span className="text-red-600">*</span>}</td>
                  <td className="pr-4 text-slate-500">{p.in}</td>
                  <td className="pr-4 font-mono text-xs">{typeOf(p.schema)}</td>
                  <td className="text-slate-600">{p.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {op.requestBody && <SchemaBlock title="Request body" schema={op.requestBody.content["application/json"].schema} />}
      {op.requestBody?.content["application/json"].example !== undefined && <SchemaBlock title="Example" schema={op.requestBody.content["application/json"].example} />}
      {success.map(([code, r]) => r.content && <SchemaBlock key={code} title={`Response ${code}`} schema={r.content["application/json"].schema} />)}
      {errors.length > 0 && (
        <ul className="mt-3 text-sm text-slate-600">
          {errors.map(([code, r]) => (
            <li key={code}><span className="font-mono font-semibold">{code}</span> {r.description}</li>
          ))}
        </ul>
      )}
    </article>
  );
}

function SchemaBlock({ title, schema }: { title: string; schema: unknown }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-semibold">{title}</summary>
      <pre className="mt-2 max-h-96 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">{JSON.stringify(schema, null, 2)}</pre>
    </details>
  );
}
