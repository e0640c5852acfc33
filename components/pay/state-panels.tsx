// The pages of a link that cannot be paid (expired, already paid, withdrawn, unknown) and the
// success page. Each says plainly what happened and what the payer can do. Server components.
import { formatTime } from "@/components/ui/format-time";
import { formatMoney } from "@/lib/pay-page/format";
import type { CompletedView, ExpiredView, NotPayableView } from "@/lib/pay-page/pay-page-view";
import { ActionLink } from "./action-link";
import { PayCard } from "./pay-shell";

function Icon({ tone }: { tone: "ok" | "warn" | "stop" }) {
  const colours = { ok: "bg-emerald-100 text-emerald-700", warn: "bg-amber-100 text-amber-700", stop: "bg-red-100 text-red-700" }[tone];
  const glyph = { ok: "✓", warn: "!", stop: "×" }[tone];
  return (
    <span aria-hidden className={`mb-4 flex size-12 items-center justify-center rounded-full text-2xl font-bold ${colours}`}>
      {glyph}
    </span>
  );
}

export function CompletedPanel({ view, justPaid = false }: { view: CompletedView; justPaid?: boolean }) {
  const what = view.amount && view.symbol ? formatMoney(view.amount, view.symbol) : null;
  return (
    <PayCard labelledBy="pay-state-title">
      <div role="status" data-testid="pay-state" data-state="completed">
        <Icon tone="ok" />
        <h1 id="pay-state-title" className="text-2xl font-bold">
          {justPaid ? "Payment confirmed" : "This payment is complete"}
        </h1>
        <p className="mt-2 text-[var(--pay-muted)]">
          {what ? `${what}${view.networkName ? ` on ${view.networkName}` : ""} was paid` : "It was paid"}
          {view.completedAt ? ` and confirmed on ${formatTime(view.completedAt)}` : ""}. Nothing more is needed.
        </p>
        {view.txHash && (
          <p className="mt-4 text-sm">
            Transaction{" "}
            {view.explorerTxUrl ? (
              <a href={view.explorerTxUrl} target="_blank" rel="noopener noreferrer" className="font-mono break-all underline underline-offset-2">
                {view.txHash}
              </a>
            ) : (
              <span className="font-mono break-all">{view.txHash}</span>
            )}
          </p>
        )}
        {view.redirect && (
          <ActionLink href={view.redirect.url} className="mt-6 w-full sm:w-auto">
            {view.redirect.label}
          </ActionLink>
        )}
      </div>
    </PayCard>
  );
}

export function ExpiredPanel({ view }: { view: ExpiredView }) {
  return (
    <PayCard labelledBy="pay-state-title">
      <div data-testid="pay-state" data-state="expired">
        <Icon tone="warn" />
        <h1 id="pay-state-title" className="text-2xl font-bold">
          This payment link has expired
        </h1>
        <p className="mt-2 text-[var(--pay-muted)]">
          It could be paid until <time dateTime={view.expiresAt}>{formatTime(view.expiresAt)}</time>. Nothing was charged. Ask the payee for a new link.
        </p>
      </div>
    </PayCard>
  );
}

export function NotPayablePanel({ view }: { view: NotPayableView }) {
  const why = view.reason === "compliance_failed" ? "The payment did not pass the payee’s compliance checks." : "The payee withdrew this payment link.";
  return (
    <PayCard labelledBy="pay-state-title">
      <div data-testid="pay-state" data-state="not-payable">
        <Icon tone="stop" />
        <h1 id="pay-state-title" className="text-2xl font-bold">
          This link can no longer be paid
        </h1>
        <p className="mt-2 text-[var(--pay-muted)]">{why} Nothing was charged. Contact the payee if you expected to pay.</p>
      </div>
    </PayCard>
  );
}

export function UnknownPanel() {
  return (
    <PayCard labelledBy="pay-state-title">
      <div data-testid="pay-state" data-state="unknown">
        <Icon tone="stop" />
        <h1 id="pay-state-title" className="text-2xl font-bold">
          Payment link not found
        </h1>
        <p className="mt-2 text-[var(--pay-muted)]">
          No payment matches this link. Check that it was copied whole, or ask the payee to send it again. Never pay an address you were given some other way.
        </p>
      </div>
    </PayCard>
  );
}
