import Link from "next/link";
import { getConfig } from "@/lib/config";

export const dynamic = "force-dynamic";

const WHAT = [
  {
    title: "Get paid in stablecoins",
    text: "Payment links and a hosted payment page: payers pay USDC or USDT from a browser wallet, a phone wallet or another network, and you see each payment as it is confirmed.",
  },
  {
    title: "Pay out",
    text: "Single, batch and recurring payouts, signed by your own wallet: the service prepares the transactions, never holds your funds.",
  },
  {
    title: "Build on the API",
    text: "Payment requests and the calldata to pay them, payment search, payers with compliance, signed webhooks with retries — a drop-in for the hosted Request Network API.",
  },
];

export default function Home() {
  const { sandbox } = getConfig();
  return (
    <main className="mx-auto max-w-4xl px-4 py-12 sm:py-16">
      {sandbox && (
        <p role="status" className="mb-6 rounded bg-amber-100 px-3 py-2 text-sm text-amber-900">
          Sandbox: local test chains and test tokens. Nothing here moves real money. The demo platform’s sign-in is
          printed by <code>npm start</code>.
        </p>
      )}
      <h1 className="text-4xl font-bold">Stablelink</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">
        Stablecoin payments you host yourself: payment links and a hosted payment page, payouts and an HTTP API, on
        Ethereum, Arbitrum, Optimism, Base, Polygon, BNB Chain, Sepolia and Tron.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link
          href="/dashboard/sign-in?mode=register"
          className="rounded-lg bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800"
        >
          Create an account
        </Link>
        <Link
          href="/dashboard"
          className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-900 hover:bg-slate-50"
        >
          Sign in
        </Link>
        <Link href="/docs/quickstart" className="px-2 py-2.5 font-semibold text-blue-800 underline underline-offset-2">
          Quickstart for developers
        </Link>
        <Link href="/docs" className="px-2 py-2.5 font-semibold text-blue-800 underline underline-offset-2">
          API reference
        </Link>
      </div>
      <ul className="mt-12 grid gap-6 sm:grid-cols-3">
        {WHAT.map((w) => (
          <li key={w.title} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="font-semibold">{w.title}</h2>
            <p className="mt-2 text-sm text-slate-600">{w.text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-12 text-sm text-slate-600">
        For operators: the{" "}
        <a className="underline" href="/openapi.json">
          OpenAPI document
        </a>{" "}
        and the{" "}
        <a className="underline" href="/health">
          health check
        </a>
        .
      </p>
    </main>
  );
}
