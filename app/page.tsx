import Link from "next/link";
import { getConfig } from "@/lib/config";

export const dynamic = "force-dynamic";

export default function Home() {
  const { sandbox } = getConfig();
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      {sandbox && (
        <p role="status" className="mb-6 rounded bg-amber-100 px-3 py-2 text-sm text-amber-900">
          Sandbox: local test chains and test tokens. Nothing here moves real money.
        </p>
      )}
      <h1 className="text-4xl font-bold">Stablelink</h1>
      <p className="mt-4 text-lg text-slate-600">
        Stablecoin payment requests, payouts and hosted secure payment pages on seven EVM chains and Tron.
      </p>
      <ul className="mt-8 space-y-2 text-blue-700 underline">
        <li>
          <Link href="/dashboard">Dashboard</Link>
        </li>
        <li>
          <Link href="/docs">API reference</Link>
        </li>
        <li>
          <a href="/openapi.json">OpenAPI document</a>
        </li>
        <li>
          <a href="/health">Health</a>
        </li>
      </ul>
    </main>
  );
}
