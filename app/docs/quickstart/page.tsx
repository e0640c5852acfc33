import type { Metadata } from "next";
import Link from "next/link";
import { InlineCode } from "@/components/docs/inline-code";
import { sandboxDemoApiKey, sandboxDemoClientId } from "@/lib/boot/demo-api-key";
import { getConfig } from "@/lib/config";
import { quickstartSteps } from "@/lib/docs/quickstart";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Quickstart: get paid in the sandbox" };

// Server-rendered from lib/docs/quickstart.ts, the same steps e2e/docs-quickstart.spec.ts runs.
export default function QuickstartPage() {
  const config = getConfig();
  const steps = quickstartSteps({
    apiUrl: config.APP_URL,
    apiKey: sandboxDemoApiKey(),
    clientId: sandboxDemoClientId(),
  });
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <Link href="/docs" className="text-blue-800 underline underline-offset-2">
          API reference
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Quickstart: get paid in the sandbox</h1>
      <p className="mt-3 text-slate-700">
        Create a payment request, pay it with a sandbox wallet and receive the signed <code>payment.confirmed</code>{" "}
        webhook, in about five minutes. Everything runs on your machine: local test chains and test tokens, nothing
        moves real money. Each command works when pasted.
        {config.sandbox ? " The demo platform's credentials are already written in." : ""}
      </p>
      <ol className="mt-8 space-y-8">
        {steps.map((s) => (
          <li key={s.id} id={s.id}>
            <h2 className="text-xl font-semibold">{s.title}</h2>
            <p className="mt-2 text-slate-700">
              <InlineCode text={s.text} />
            </p>
            {s.file && (
              <p className="mt-2 text-sm text-slate-600">
                <code>{s.file}</code>
              </p>
            )}
            <pre
              className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100"
              data-testid={`quickstart-${s.id}`}
            >
              <code>{s.code}</code>
            </pre>
          </li>
        ))}
      </ol>
      <h2 className="mt-10 text-xl font-semibold">Next</h2>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
        <li>
          Prefer a browser? <code>npm start</code> also prints a payment link: open it, connect a demo wallet and pay on
          the hosted payment page.
        </li>
        <li>
          Every operation, with examples that run against this sandbox:{" "}
          <Link href="/docs" className="text-blue-800 underline underline-offset-2">
            the API reference
          </Link>
          .
        </li>
      </ul>
    </main>
  );
}
