// The pages of a link that cannot be paid (expired, already paid, withdrawn, unknown), the
// success page, and the checkout's stop when a call fails the contract check. Each says plainly
// what happened and what the payer can do. No hooks or browser APIs: the server renders all but
// BlockedPanel, which the browser checkouts render.
import { useTranslations } from "next-intl";
import type { Ref } from "react";
import { LocalTime, useMoney } from "@/components/i18n/use-money";
import type { CompletedView, ExpiredView, NotPayableView } from "@/lib/pay-page/browser";
import { ActionLink } from "./action-link";
import { PayCard } from "./pay-shell";
import { ReceiptHeading } from "./receipt-heading";

function Icon({ tone }: { tone: "ok" | "warn" | "stop" }) {
  const colours = {
    ok: "bg-emerald-100 text-emerald-700",
    warn: "bg-amber-100 text-amber-700",
    stop: "bg-red-100 text-red-700",
  }[tone];
  const glyph = { ok: "✓", warn: "!", stop: "×" }[tone];
  return (
    <span
      aria-hidden
      className={`mb-4 flex size-12 items-center justify-center rounded-full text-2xl font-bold ${colours}`}
    >
      {glyph}
    </span>
  );
}

function ReceiptRow({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="text-sm text-[var(--pay-muted)]">{term}</dt>
      <dd className="min-w-0 text-sm font-medium sm:text-right">{children}</dd>
    </div>
  );
}

/** The receipt of a paid link: what was paid, when, in which transaction, for which reference. The same after paying and on every later visit. */
export function CompletedPanel({ view, token }: { view: CompletedView; token: string }) {
  const t = useTranslations("receipt");
  const formatMoney = useMoney();
  const money = (v: string) => (view.symbol ? formatMoney(v, view.symbol) : v);
  return (
    <PayCard labelledBy="pay-state-title">
      <div role="status" data-testid="pay-state" data-state="completed">
        <Icon tone="ok" />
        <ReceiptHeading id="pay-state-title" token={token} />
        <p className="mt-2 text-[var(--pay-muted)]">{t("keep")}</p>
        <div data-testid="pay-receipt" className="mt-5">
          <p className="text-sm text-[var(--pay-muted)]">{t("amountPaid")}</p>
          <p className="mt-1 text-3xl font-bold tracking-tight break-words" data-testid="pay-receipt-amount">
            {view.amount ? money(view.amount) : t("paid")}
          </p>
          <dl className="mt-4 divide-y divide-black/10 border-y border-black/10">
            {view.paidToPayee && <ReceiptRow term={t("toPayee")}>{money(view.paidToPayee)}</ReceiptRow>}
            {view.fee && <ReceiptRow term={t("platformFee")}>{money(view.fee)}</ReceiptRow>}
            {view.payee && (
              <ReceiptRow term={t("paidTo")}>
                <span className="font-mono text-xs break-all">{view.payee}</span>
              </ReceiptRow>
            )}
            {view.payer && (
              <ReceiptRow term={t("paidFrom")}>
                <span className="font-mono text-xs break-all">{view.payer}</span>
              </ReceiptRow>
            )}
            {view.networkName && <ReceiptRow term={t("network")}>{view.networkName}</ReceiptRow>}
            {view.completedAt && (
              <ReceiptRow term={t("confirmed")}>
                <LocalTime value={view.completedAt} />
              </ReceiptRow>
            )}
            {view.reference && <ReceiptRow term={t("reference")}>{view.reference}</ReceiptRow>}
            {view.txHash && (
              <ReceiptRow term={t("transaction")}>
                {view.explorerTxUrl ? (
                  <a
                    href={view.explorerTxUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-mono text-xs break-all underline underline-offset-2"
                    data-testid="pay-tx-link"
                  >
                    {view.txHash}
                  </a>
                ) : (
                  <span className="font-mono text-xs break-all" data-testid="pay-tx-link">
                    {view.txHash}
                  </span>
                )}
              </ReceiptRow>
            )}
          </dl>
        </div>
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
  const t = useTranslations("states");
  return (
    <PayCard labelledBy="pay-state-title">
      <div data-testid="pay-state" data-state="expired">
        <Icon tone="warn" />
        <h1 id="pay-state-title" className="text-2xl font-bold">
          {t("expiredTitle")}
        </h1>
        <p className="mt-2 text-[var(--pay-muted)]">
          {t.rich("expiredText", { time: () => <LocalTime value={view.expiresAt} /> })}
        </p>
      </div>
    </PayCard>
  );
}

export function NotPayablePanel({ view }: { view: NotPayableView }) {
  const t = useTranslations("states");
  const why = view.reason === "compliance_failed" ? t("complianceFailed") : t("withdrawn");
  return (
    <PayCard labelledBy="pay-state-title">
      <div data-testid="pay-state" data-state="not-payable">
        <Icon tone="stop" />
        <h1 id="pay-state-title" className="text-2xl font-bold">
          {t("notPayableTitle")}
        </h1>
        <p className="mt-2 text-[var(--pay-muted)]">
          {why} {t("notPayableText")}
        </p>
      </div>
    </PayCard>
  );
}

export function UnknownPanel() {
  const t = useTranslations("states");
  return (
    <PayCard labelledBy="pay-state-title">
      <div data-testid="pay-state" data-state="unknown">
        <Icon tone="stop" />
        <h1 id="pay-state-title" className="text-2xl font-bold">
          {t("unknownTitle")}
        </h1>
        <p className="mt-2 text-[var(--pay-muted)]">{t("unknownText")}</p>
      </div>
    </PayCard>
  );
}

/**
 * The checkout refused what the service asked the wallet to do (the contract check, or the
 * crosschain intent check): the payer must not pay this link anywhere else. `nothingSigned` where
 * the refusal came before any signature was asked for (crosschain). The checkout owns the
 * heading's ref, to move the focus to it.
 */
export function BlockedPanel({
  reason,
  nothingSigned = false,
  ref,
}: {
  reason: string;
  nothingSigned?: boolean;
  ref?: Ref<HTMLHeadingElement>;
}) {
  const t = useTranslations("states");
  return (
    <div
      role="alert"
      className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950"
      data-testid="pay-state"
      data-state="blocked"
    >
      <h2 ref={ref} tabIndex={-1} className="text-lg font-bold outline-none">
        {t("blockedTitle")}
      </h2>
      <p className="text-sm">{reason}</p>
      <p className="text-sm">
        {nothingSigned && `${t("nothingSigned")} `}
        {t("blockedText")}
      </p>
    </div>
  );
}
