// A request's deposit address on its dashboard page (docs/dashboard.md): where a payer can send
// a plain token transfer from any wallet or exchange, and exactly what to send. Shown while the
// request can be paid; the service forwards what arrives through the fee proxy with the
// request's reference (docs/decisions/deposit-addresses.md).
import { CopyButton } from "@/components/ui/copy-button";
import type { RequestStatusResponse } from "@/lib/requests/schemas";

export function RequestDeposit({ deposit }: { deposit: RequestStatusResponse["deposit"] }) {
  if (!deposit) return null;
  return (
    <section
      aria-labelledby="request-deposit-title"
      className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="request-deposit"
    >
      <h2 id="request-deposit-title" className="text-sm font-semibold text-slate-900">
        Deposit address
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A payer can send exactly {deposit.amount} {deposit.symbol} on {deposit.network} (chain id {deposit.chainId}) to
        this address from any wallet or exchange; it is forwarded to the payee with the request&apos;s reference.
      </p>
      <div className="mt-2 flex items-center gap-2">
        <span className="min-w-0 font-mono text-sm break-all text-slate-900" data-testid="request-deposit-address">
          {deposit.address}
        </span>
        <CopyButton value={deposit.address} what="deposit address" />
      </div>
    </section>
  );
}
