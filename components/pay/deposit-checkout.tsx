// The payment page's "send from an exchange or any wallet" way (docs/payment-page.md, "Deposit
// address"): the link's deposit address, the exact amount, the network and the token stated
// plainly, a QR code of the EIP-681 transfer, copy buttons, and a live status (waiting → funds
// arrived, forwarding → paid). On a phone without an injected wallet it comes first, and the
// wallet way (whose "scan the QR code with your phone" means nothing on the phone itself) is
// left out unless WalletConnect is configured.
"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import type { PageDeposit } from "@/lib/pay-page";
import { fetchPaymentProgress } from "./pay-api";
import { markJustPaid } from "./receipt-heading";

const POLL_MS = 3000;

const noSubscription = () => () => {};
const hasInjectedWallet = () => "ethereum" in window;

type Stage = "waiting" | "arrived" | "paid";

function DepositPanel({ deposit, token }: { deposit: PageDeposit; token: string }) {
  const router = useRouter();
  const t = useTranslations("deposit");
  const [stage, setStage] = useState<Stage>("waiting");
  const amount = `${deposit.amount} ${deposit.symbol}`;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      const progress = await fetchPaymentProgress({ token }).catch(() => null);
      if (stopped) return;
      if (progress?.status === "completed") {
        setStage("paid");
        markJustPaid(token);
        router.refresh();
        return;
      }
      if (progress?.deposit === "arrived") setStage("arrived");
      timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token, router]);

  return (
    <section aria-labelledby="deposit-title" className="space-y-3" data-testid="deposit-panel">
      <h2 id="deposit-title" className="text-base font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm">{t("intro", { amount, network: deposit.networkName })}</p>
      <p role="note" className="rounded-lg bg-amber-50 p-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
        {t("warning", { symbol: deposit.symbol, network: deposit.networkName })}
      </p>
      <dl className="space-y-2 text-sm">
        <div className="flex items-center justify-between gap-2">
          <dt className="text-[var(--pay-muted)]">{t("amount")}</dt>
          <dd className="flex items-center gap-2">
            <span className="font-semibold tabular-nums" data-testid="deposit-amount">
              {amount}
            </span>
            <CopyButton value={deposit.amount} label={t("copy")} what={t("amount")} />
          </dd>
        </div>
        <div className="flex items-center justify-between gap-2">
          <dt className="text-[var(--pay-muted)]">{t("network")}</dt>
          <dd data-testid="deposit-network">
            {deposit.networkName}{" "}
            <span className="text-[var(--pay-muted)]">({t("chain", { id: deposit.chainId })})</span>
          </dd>
        </div>
        <div className="flex items-center justify-between gap-2">
          <dt className="text-[var(--pay-muted)]">{t("token")}</dt>
          <dd className="min-w-0 text-right">
            {deposit.symbol}{" "}
            <span className="font-mono text-xs break-all text-[var(--pay-muted)]">{deposit.tokenAddress}</span>
          </dd>
        </div>
        <div className="space-y-1">
          <dt className="text-[var(--pay-muted)]">{t("address")}</dt>
          <dd className="flex items-center gap-2">
            <span className="min-w-0 font-mono text-sm break-all" data-testid="deposit-address">
              {deposit.address}
            </span>
            <CopyButton value={deposit.address} label={t("copy")} what={t("address")} />
          </dd>
        </div>
      </dl>
      <figure className="flex flex-col items-center gap-2">
        <svg
          role="img"
          aria-labelledby="deposit-qr-title"
          viewBox={`0 0 ${deposit.qr.size} ${deposit.qr.size}`}
          className="size-44 rounded-lg bg-white"
          shapeRendering="crispEdges"
          data-testid="deposit-qr"
          data-uri={deposit.paymentUri}
        >
          <title id="deposit-qr-title">{t("qrTitle", { amount, network: deposit.networkName })}</title>
          <rect width={deposit.qr.size} height={deposit.qr.size} fill="#fff" />
          <path d={deposit.qr.d} fill="#000" />
        </svg>
        <figcaption className="max-w-[16rem] text-center text-xs text-[var(--pay-muted)]">{t("qrCaption")}</figcaption>
      </figure>
      <p
        role="status"
        aria-live="polite"
        className="text-sm font-medium"
        data-testid="deposit-status"
        data-stage={stage}
      >
        {t(stage)}
      </p>
    </section>
  );
}

/**
 * The page's ways to pay: the wallet (children) and the deposit address. A phone (narrow
 * screen) without an injected wallet sees the deposit first; the server renders that order for
 * narrow screens, and the browser moves the wallet first once it finds an injected one.
 */
export function PayWays({
  deposit,
  token,
  hasWalletConnect,
  children,
}: {
  deposit: PageDeposit | null;
  token: string;
  hasWalletConnect: boolean;
  children: ReactNode;
}) {
  // The server (and the first render) assume no injected wallet: the common case on a phone.
  const injected = useSyncExternalStore(noSubscription, hasInjectedWallet, () => false);
  if (!deposit) return <>{children}</>;
  const phoneFirst = !injected;
  return (
    <div className="flex flex-col gap-6">
      <div className={phoneFirst && !hasWalletConnect ? "max-md:hidden" : undefined} data-testid="wallet-way">
        {children}
      </div>
      <div
        className={`${phoneFirst ? "max-md:order-first" : ""} md:border-t md:border-black/10 md:pt-6`}
        data-testid="deposit-way"
      >
        <DepositPanel deposit={deposit} token={token} />
      </div>
    </div>
  );
}
