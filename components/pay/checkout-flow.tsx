// The payment once a wallet is connected: ask the service for the calls, check every one of
// them (contract check) before the wallet sees anything, then switch network, approve and pay
// with the progress shown step by step, and follow the payment until detection confirms it.
// Payer activity is reported on the way, best effort, never waited for.
"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { useMoney } from "@/components/i18n/use-money";
import { isUserRejection, walletErrorText } from "@/components/wallet/wallet-errors";
import { explorerTxUrl } from "@/lib/chains/explorer";
import type { SignableTypedData } from "@/lib/crosschain/browser";
import type { CheckoutProps } from "@/lib/pay-page/browser";
import { shortAddress } from "@/lib/pay-page/browser";
import { checkCalls } from "@/lib/secure-payments/browser";
import { ACTION_CLASSES } from "./action-link";
import { type CheckoutStep, checkoutSteps, type StepStatus, type WireTransaction } from "./checkout-steps";
import { CrosschainCheckout, type OfferedRoute, offeredRoutes, useRouteLabel } from "./crosschain-checkout";
import type { MinedCall } from "./evm-calls";
import {
  type Calldata,
  fetchCalldata,
  fetchCrosschainRoutes,
  fetchPaymentProgress,
  type PageCredentials,
  PayApiError,
  reportIntent,
  reportUserEvent,
} from "./pay-api";
import { markJustPaid } from "./receipt-heading";
import { BlockedPanel } from "./state-panels";

/** A connected wallet, whatever its family. */
export interface PayerWallet {
  address: string;
  /** "MetaMask", "TronLink"… */
  name: string;
  /** The property `selected_source_chain` of payer events, e.g. "8453". */
  chainLabel: string;
  isOnPaymentChain(): boolean;
  switchToPaymentChain(): Promise<void>;
  send(tx: WireTransaction): Promise<string>;
  wait(hash: string): Promise<MinedCall>;
  /**
   * Hands all calls to the wallet at once (EIP-5792 wallet_sendCalls) and waits for them;
   * null when the wallet has no batches, and the calls then go one by one.
   */
  sendBatch?(txs: WireTransaction[]): Promise<MinedCall[] | null>;
  /** EVM wallets: what paying from another network needs (switch to its chain, sign typed data). */
  evm?: {
    chainId(): number | undefined;
    switchTo(chainId: number): Promise<void>;
    /** eth_signTypedData_v4 */
    signTypedData(typed: SignableTypedData): Promise<string>;
  };
  disconnect(): Promise<void>;
}

type Phase =
  | { name: "preparing" }
  | { name: "refused"; message: string; screening: boolean }
  | { name: "blocked"; reason: string }
  | { name: "unavailable"; message: string }
  | { name: "ready"; steps: CheckoutStep[]; calldata: Calldata }
  | { name: "running"; steps: CheckoutStep[]; statuses: StepStatus[]; switching: boolean; problem?: string }
  | { name: "following"; txHash: string; slow: boolean }
  | { name: "confirmed"; txHash: string };

const POLL_MS = 2000;
const SLOW_AFTER_MS = 3 * 60_000;

export function CheckoutFlow({
  props,
  wallet,
  credentials,
}: {
  props: CheckoutProps;
  wallet: PayerWallet;
  credentials: PageCredentials;
}) {
  const t = useTranslations("checkout");
  const tErr = useTranslations("walletErrors");
  const formatMoney = useMoney();
  const routeLabel = useRouteLabel();
  const payLabel =
    props.paymentType === "multicall"
      ? t("payAll", { count: props.payeeCount, total: props.totalLabel })
      : t("pay", { amount: formatMoney(props.total, props.currency.symbol) });
  const failureText = (err: unknown) =>
    isUserRejection(err) ? tErr("declinedStep") : walletErrorText(err, (k) => tErr(k)) || tErr("stepFailed");
  const [phase, setPhase] = useState<Phase>({ name: "preparing" });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const router = useRouter();
  const { network } = props;
  const event = useCallback(
    (name: Parameters<typeof reportUserEvent>[1], extra: Record<string, string | null> = {}) =>
      reportUserEvent(credentials, name, {
        wallet_provider: wallet.name,
        selected_source_chain: wallet.chainLabel,
        payment_type: props.paymentType,
        ...extra,
      }),
    [credentials, wallet.name, wallet.chainLabel, props.paymentType],
  );

  // Asks for the calls for this wallet and checks every one of them: the state to show next.
  const nextPhase = useCallback(async (): Promise<Phase> => {
    try {
      const calldata = await fetchCalldata(credentials, wallet.address);
      const check = checkCalls(props.policy, calldata.transactions);
      if (!check.ok) return { name: "blocked", reason: check.reason };
      return { name: "ready", steps: checkoutSteps(calldata.transactions, props.policy), calldata };
    } catch (err) {
      if (err instanceof PayApiError && err.code === "wallet_not_allowed")
        return { name: "refused", message: err.message, screening: false };
      // Screening refusals (the wallet, or a payout's recipient) get the same dead end, worded for screening.
      if (
        err instanceof PayApiError &&
        (err.code === "wallet_screening_rejected" || err.code === "recipient_screening_rejected")
      )
        return { name: "refused", message: err.message, screening: true };
      return {
        name: "unavailable",
        message: err instanceof Error ? err.message : t("prepareFailed"),
      };
    }
  }, [credentials, wallet.address, props.policy, t]);

  // Pay from another network: the routes this wallet can pay from (the page's own policy
  // decides which it offers), read once per wallet; none when the page offers no crosschain.
  const [routes, setRoutes] = useState<OfferedRoute[]>([]);
  const [choice, setChoice] = useState(0);
  const [crosschain, setCrosschain] = useState<OfferedRoute | null>(null);
  const xchainPolicy = wallet.evm ? props.crosschain : null;
  useEffect(() => {
    if (!xchainPolicy) return;
    let current = true;
    void fetchCrosschainRoutes(credentials, wallet.address)
      .then((r) => current && setRoutes(offeredRoutes(xchainPolicy, r)))
      .catch(() => undefined); // the same-chain payment stays available
    return () => {
      current = false;
    };
  }, [xchainPolicy, credentials, wallet.address]);

  const prepare = useCallback(() => {
    setPhase({ name: "preparing" });
    void nextPhase().then(setPhase);
  }, [nextPhase]);

  // Connected: say so (best effort), then get the calls for this wallet.
  useEffect(() => {
    event("wallet_connected");
    let current = true;
    void nextPhase().then((p) => current && setPhase(p));
    return () => {
      current = false;
    };
  }, [event, nextPhase]);

  // Moves focus to the new heading when the page's state changes, for keyboard and screen-reader users.
  useEffect(() => {
    if (phase.name === "refused" || phase.name === "blocked" || phase.name === "confirmed") headingRef.current?.focus();
  }, [phase.name]);

  /** EIP-5792: every call in one wallet request. False when the wallet has no batches. */
  async function runBatch(
    steps: CheckoutStep[],
    statuses: StepStatus[],
    show: () => void,
  ): Promise<string | null | false> {
    if (!wallet.sendBatch || steps.length < 2) return false;
    statuses.fill("wallet");
    show();
    event("payment_sent_to_wallet");
    const mined = await wallet.sendBatch(steps.map((s) => s.tx));
    if (mined === null) {
      statuses.fill("waiting");
      return false;
    }
    const failed = mined.findIndex((m) => !m.success);
    if (failed >= 0 || mined.length < steps.length) throw new Error(t("batchFailed", { network: network.name }));
    statuses.fill("done");
    show();
    const payHash = mined[steps.findIndex((s) => s.kind === "pay")]?.transactionHash ?? mined.at(-1)!.transactionHash;
    event("payment_approved_in_wallet", { payment_submission_id: payHash, payment_submission_id_type: "evm_tx_hash" });
    return payHash;
  }

  async function run(steps: CheckoutStep[]) {
    const statuses: StepStatus[] = steps.map(() => "waiting");
    const show = (patch: Partial<Extract<Phase, { name: "running" }>> = {}) =>
      setPhase({ name: "running", steps, statuses: [...statuses], switching: false, ...patch });
    let payHash: string | null = null;
    let current = -1;
    try {
      if (!wallet.isOnPaymentChain()) {
        show({ switching: true });
        await wallet.switchToPaymentChain();
      }
      if (props.paymentType === "multicall") {
        const batched = await runBatch(steps, statuses, show);
        if (batched !== false) {
          if (batched) setPhase({ name: "following", txHash: batched, slow: false });
          return;
        }
      }
      for (const [i, step] of steps.entries()) {
        current = i;
        statuses[i] = "wallet";
        show();
        if (step.kind === "pay") event("payment_sent_to_wallet");
        const hash = await wallet.send(step.tx);
        if (step.kind === "pay") {
          payHash = hash;
          event("payment_approved_in_wallet", {
            payment_submission_id: hash,
            payment_submission_id_type: network.family === "tron" ? "tron_tx_id" : "evm_tx_hash",
          });
          if (props.paymentType !== "multicall")
            reportIntent(credentials, {
              chainId: network.chainId,
              symbol: props.currency.symbol,
              txHash: hash,
              payerAddress: wallet.address,
            });
        }
        statuses[i] = "network";
        show();
        const mined = await wallet.wait(hash);
        if (!mined.success) throw new Error(t("txFailed", { tx: shortAddress(hash), network: network.name }));
        statuses[i] = "done";
        show();
      }
    } catch (err) {
      if (current >= 0) statuses[current] = "failed";
      else
        for (const [i, st] of statuses.entries())
          if (st !== "done") statuses[i] = st === "waiting" ? "waiting" : "failed";
      return show({ problem: failureText(err) });
    }
    if (payHash) setPhase({ name: "following", txHash: payHash, slow: false });
  }

  // After sending: ask the service until detection has confirmed the payment.
  const following = phase.name === "following" ? phase.txHash : null;
  useEffect(() => {
    if (!following) return;
    let stopped = false;
    const started = Date.now();
    const tick = async () => {
      if (stopped) return;
      const progress = await fetchPaymentProgress(credentials).catch(() => null);
      if (stopped) return;
      if (progress?.status === "completed") {
        // The receipt is the server's completed page: the same amount and data as any later visit.
        markJustPaid(credentials.token);
        router.refresh();
        return setPhase({ name: "confirmed", txHash: following });
      }
      if (Date.now() - started > SLOW_AFTER_MS) setPhase({ name: "following", txHash: following, slow: true });
      timer = setTimeout(tick, Date.now() - started > SLOW_AFTER_MS ? POLL_MS * 5 : POLL_MS);
    };
    let timer = setTimeout(tick, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [following, credentials, router]);

  const connectedAs = (
    <p className="text-sm text-[var(--pay-muted)]">
      {t.rich("connected", {
        address: () => <span className="font-mono">{shortAddress(wallet.address)}</span>,
        wallet: wallet.name,
      })}{" "}
      {phase.name !== "running" && phase.name !== "following" && phase.name !== "confirmed" && (
        <button type="button" className="ml-1 underline underline-offset-2" onClick={() => void wallet.disconnect()}>
          {t("useAnother")}
        </button>
      )}
    </p>
  );

  if (crosschain && xchainPolicy && wallet.evm && (phase.name === "ready" || phase.name === "unavailable")) {
    return (
      <div className="space-y-4">
        {connectedAs}
        <CrosschainCheckout
          props={props}
          policy={xchainPolicy}
          route={crosschain}
          wallet={{ ...wallet, evm: wallet.evm }}
          credentials={credentials}
          onBack={() => setCrosschain(null)}
        />
      </div>
    );
  }

  // The route that can pay is the main action: when this network falls short and another
  // network of the wallet can pay, that one leads and paying here anyway is the secondary button.
  const SECONDARY_CLASSES = "w-full rounded-lg border border-black/15 px-4 py-2 text-sm font-medium";
  const otherNetworks = (primary: boolean) =>
    routes.length > 0 && (
      <section
        aria-labelledby="crosschain-heading"
        className="space-y-2 rounded-lg border border-black/10 p-3"
        data-testid="crosschain-option"
      >
        <h3 id="crosschain-heading" className="text-sm font-semibold">
          {t("otherNetworkTitle")}
        </h3>
        <p className="text-sm text-[var(--pay-muted)]">{t("otherNetworkText", { network: network.name })}</p>
        <fieldset className="space-y-1">
          <legend className="sr-only">{t("otherNetworkLegend")}</legend>
          {routes.map((r, i) => (
            <label key={`${r.chain}-${r.token}`} className="flex items-center gap-2 text-sm">
              <input type="radio" name="crosschain-route" checked={choice === i} onChange={() => setChoice(i)} />
              <span>
                {routeLabel(r)}{" "}
                <span className="text-[var(--pay-muted)]">({t("routeFee", { fee: formatMoney(r.fee, r.token) })})</span>
              </span>
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className={primary ? `${ACTION_CLASSES} w-full` : SECONDARY_CLASSES}
          onClick={() => setCrosschain(routes[choice] ?? routes[0])}
        >
          {t("payFrom", { route: routeLabel(routes[choice] ?? routes[0]) })}
        </button>
      </section>
    );

  switch (phase.name) {
    case "preparing":
      return (
        <div className="space-y-3" aria-busy="true">
          {connectedAs}
          <p role="status" className="text-sm">
            {t("preparing")}
          </p>
        </div>
      );
    case "refused":
      return (
        <div
          role="alert"
          className="space-y-3"
          data-testid="pay-state"
          data-state="refused"
          data-reason={phase.screening ? "screening" : "not_allowed"}
        >
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
            {t("refusedTitle")}
          </h2>
          {phase.screening ? (
            <p className="text-sm">
              {t.rich("refusedScreening", {
                address: () => <span className="font-mono break-all">{wallet.address}</span>,
              })}
            </p>
          ) : (
            <p className="text-sm">
              {t.rich("refusedNotAllowed", {
                address: () => <span className="font-mono break-all">{wallet.address}</span>,
              })}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="button" className={ACTION_CLASSES} onClick={prepare}>
              {t("checkAgain")}
            </button>
            <button
              type="button"
              className="rounded-lg px-4 py-2 text-sm underline underline-offset-2"
              onClick={() => void wallet.disconnect()}
            >
              {t("useAnother")}
            </button>
          </div>
        </div>
      );
    case "blocked":
      return <BlockedPanel reason={phase.reason} ref={headingRef} />;
    case "unavailable":
      return (
        <div role="alert" className="space-y-3">
          {connectedAs}
          <p className="text-sm">{phase.message}</p>
          <button type="button" className={ACTION_CLASSES} onClick={() => window.location.reload()}>
            {t("reload")}
          </button>
          {otherNetworks(true)}
        </div>
      );
    case "ready": {
      const { hasEnoughBalance, hasEnoughGas } = phase.calldata.metadata;
      // Batches are not simulated (their metadata says false for "not checked"): no warning then.
      const short =
        props.paymentType !== "single"
          ? null
          : !hasEnoughBalance
            ? t("shortOfBalance", { amount: formatMoney(props.total, props.currency.symbol), network: network.name })
            : !hasEnoughGas
              ? network.family === "tron"
                ? t("shortOfTrx", { network: network.name })
                : t("shortOfGas", { network: network.name })
              : null;
      return (
        <div className="space-y-4">
          {connectedAs}
          <StepList
            steps={phase.steps}
            statuses={phase.steps.map(() => "waiting")}
            needsSwitch={!wallet.isOnPaymentChain()}
            networkName={network.name}
            payLabel={payLabel}
          />
          {short && (
            <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
              {short}{" "}
              <button type="button" className="underline underline-offset-2" onClick={prepare}>
                {t("checkAgain")}
              </button>
            </p>
          )}
          {short && routes.length > 0 ? (
            <>
              {otherNetworks(true)}
              <button type="button" className={SECONDARY_CLASSES} onClick={() => void run(phase.steps)}>
                {payLabel}
              </button>
            </>
          ) : (
            <>
              <button type="button" className={`${ACTION_CLASSES} w-full`} onClick={() => void run(phase.steps)}>
                {payLabel}
              </button>
              {otherNetworks(false)}
            </>
          )}
        </div>
      );
    }
    case "running":
      return (
        <div className="space-y-4">
          {connectedAs}
          <StepList
            steps={phase.steps}
            statuses={phase.statuses}
            needsSwitch={phase.switching}
            switching={phase.switching}
            networkName={network.name}
            payLabel={payLabel}
          />
          {phase.problem && (
            <div role="alert" className="space-y-3">
              <p className="text-sm">{phase.problem}</p>
              <button type="button" className={ACTION_CLASSES} onClick={prepare}>
                {t("tryAgain")}
              </button>
            </div>
          )}
        </div>
      );
    case "following":
      return (
        <div className="space-y-3" role="status" data-testid="pay-state" data-state="following">
          <p className="font-semibold">{t("sent", { network: network.name })}</p>
          <TxLink sandbox={props.sandbox} network={props.network} txHash={phase.txHash} />
          {phase.slow && <p className="text-sm text-[var(--pay-muted)]">{t("slow")}</p>}
        </div>
      );
    case "confirmed":
      // Shown only until the receipt (the page's completed state) arrives.
      return (
        <div className="space-y-3" role="status" data-testid="pay-state" data-state="confirmed">
          <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
            <span aria-hidden className="mr-2 text-emerald-600">
              ✓
            </span>
            {t("confirmed")}
          </h2>
          <p className="text-sm">{t("loadingReceipt")}</p>
          <TxLink sandbox={props.sandbox} network={props.network} txHash={phase.txHash} />
        </div>
      );
  }
}

function TxLink({ network, txHash, sandbox }: { network: CheckoutProps["network"]; txHash: string; sandbox: boolean }) {
  const t = useTranslations("checkout");
  return (
    <p className="text-sm">
      {t("transaction")}{" "}
      <a
        href={explorerTxUrl(network.id, txHash, sandbox ? { origin: "" } : undefined) ?? undefined}
        target="_blank"
        rel="noopener noreferrer"
        className="font-mono break-all underline underline-offset-2"
        data-testid="pay-tx-link"
      >
        {txHash}
      </a>
    </p>
  );
}

const STATUS_MARK: Record<StepStatus, string> = { waiting: "○", wallet: "◔", network: "◑", done: "✓", failed: "×" };

function StepList({
  steps,
  statuses,
  needsSwitch,
  switching = false,
  networkName,
  payLabel,
}: {
  steps: CheckoutStep[];
  statuses: StepStatus[];
  needsSwitch: boolean;
  switching?: boolean;
  networkName: string;
  payLabel: string;
}) {
  const t = useTranslations("steps");
  const formatMoney = useMoney();
  const labelOf = (s: CheckoutStep): string => {
    const l = s.label;
    if (l.key === "reset") return t("reset", { token: l.token });
    if (l.key === "approve")
      return t("approve", { what: l.amount === null ? l.token : formatMoney(l.amount, l.symbol) });
    if (l.key === "pay") return payLabel;
    return t("fee");
  };
  return (
    <ol aria-label={t("label")} className="space-y-2">
      {needsSwitch && (
        <li className="flex items-start gap-3 text-sm">
          <span aria-hidden className="w-4 text-center">
            {switching ? "◔" : "○"}
          </span>
          <span className="flex-1">
            {t("switch", { network: networkName })}
            <span className="block text-xs text-[var(--pay-muted)]">
              {switching ? t("status.wallet") : t("status.waiting")}
            </span>
          </span>
        </li>
      )}
      {steps.map((s, i) => (
        <li key={i} className="flex items-start gap-3 text-sm" data-step-status={statuses[i]}>
          <span
            aria-hidden
            className={`w-4 text-center ${statuses[i] === "done" ? "text-emerald-600" : statuses[i] === "failed" ? "text-red-600" : ""}`}
          >
            {STATUS_MARK[statuses[i]]}
          </span>
          <span className="flex-1">
            {labelOf(s)}
            <span
              className="block text-xs text-[var(--pay-muted)]"
              aria-live={statuses[i] === "waiting" ? undefined : "polite"}
            >
              {t(`status.${statuses[i]}`)}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
