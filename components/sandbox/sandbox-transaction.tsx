// The sandbox's transaction page: what a public explorer would show for a transaction of the
// local chains (status, block, from/to, token transfers). Server component.
import { formatTime } from "@/components/ui/format-time";
import { SandboxBanner } from "@/components/ui/sandbox-banner";
import type { SandboxTransactionView } from "@/lib/dashboard";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="font-mono text-sm break-all">{children}</dd>
    </div>
  );
}

const STATUS = { success: "Success", reverted: "Reverted", pending: "Pending (not mined yet)" } as const;

export function SandboxTransaction({ tx }: { tx: SandboxTransactionView }) {
  return (
    <>
      <SandboxBanner />
      <main className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="text-2xl font-bold">Sandbox transaction</h1>
        <p className="mt-1 text-sm text-slate-600">
          On the local {tx.networkName} chain of this sandbox: public explorers do not know it.
        </p>
        <dl className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4 shadow-sm">
          <Row label="Hash">{tx.hash}</Row>
          <Row label="Status">
            <span
              data-testid="tx-status"
              className={tx.status === "reverted" ? "text-red-700" : tx.status === "success" ? "text-emerald-800" : ""}
            >
              {STATUS[tx.status]}
            </span>
          </Row>
          <Row label="Block">{tx.blockNumber ?? "—"}</Row>
          <Row label="Mined">{tx.minedAt ? formatTime(tx.minedAt, "—", "second") : "—"}</Row>
          <Row label="From">{tx.from}</Row>
          <Row label="To">{tx.to ?? "— (contract creation)"}</Row>
          <Row label="Value">{tx.value}</Row>
        </dl>
        <h2 className="mt-8 text-lg font-semibold">Token transfers</h2>
        {tx.transfers.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">None.</p>
        ) : (
          <ol className="mt-2 space-y-2">
            {tx.transfers.map((t, i) => (
              <li
                key={i}
                data-testid="token-transfer"
                className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm"
              >
                <p className="font-semibold">{t.amount}</p>
                <p className="mt-1 font-mono text-xs break-all text-slate-700">
                  from {t.from} to {t.to}
                </p>
                <p className="font-mono text-xs break-all text-slate-600">token {t.token}</p>
              </li>
            ))}
          </ol>
        )}
      </main>
    </>
  );
}
