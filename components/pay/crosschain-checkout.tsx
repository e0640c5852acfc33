// "Pay from another network" on the payment page (docs/interface.md "Crosschain payments"):
// the payer picks a network and stablecoin their wallet holds enough of (the routes the service
// read from the chains), the page asks for the intent, CHECKS it against its own policy
// (lib/crosschain/intent-check.ts: our gateway as spender, the payee shown, the amount shown
// plus the fee quoted, the source chain) before the wallet sees anything, then switches the
// wallet to the source chain, has the approval signed (EIP-2612 permit) or sent (approve
// Permit2), has the payment signed (Permit2 witness, eth_signTypedData_v4), submits both and
// follows the settlement: collecting on the source chain → paying on the payment's chain → paid,
// with both transactions, until detection confirms the payment and the page becomes the receipt.
"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useMoney } from "@/components/i18n/use-money";
import { isUserRejection, walletErrorText } from "@/components/wallet/wallet-errors";
import { explorerTxUrl } from "@/lib/chains/explorer";
import {
  type CheckedIntent,
  type CrosschainPolicy,
  type CrosschainSource,
  checkCrosschainIntent,
  decimalUnits,
} from "@/lib/crosschain/browser";
import type { CheckoutProps } from "@/lib/pay-page/browser";
import { unitsToDecimal } from "@/lib/pay-page/browser";
import { ACTION_CLASSES } from "./action-link";
import type { PayerWallet } from "./checkout-flow";
import {
  type CrosschainProgress,
  type CrosschainRoute,
  fetchCrosschainIntent,
  fetchCrosschainProgress,
  fetchPaymentProgress,
  type PageCredentials,
  submitCrosschainIntent,
} from "./pay-api";
import { markJustPaid } from "./receipt-heading";
import { BlockedPanel } from "./state-panels";

type EvmWallet = PayerWallet & { evm: NonNullable<PayerWallet["evm"]> };

/** A route the page can offer: one of its own sources, with the fee in the token's units. */
export interface OfferedRoute extends CrosschainRoute {
  source: CrosschainSource;
  decimals: number;
  feeUnits: bigint;
}

/** The routes of the service that the page's own policy knows, with a readable fee; others are not offered. */
export function offeredRoutes(policy: CrosschainPolicy, routes: readonly CrosschainRoute[]): OfferedRoute[] {
  return routes.flatMap((r) => {
    const source = policy.sources.find((s) => s.chain === r.chain);
    const token = source?.tokens.find((t) => t.symbol === r.token);
    const feeUnits = token ? decimalUnits(r.fee, token.decimals) : null;
    return source && token && feeUnits !== null ? [{ ...r, source, decimals: token.decimals, feeUnits }] : [];
  });
}

/** "USDC on Base", in the payer's language. */
export function useRouteLabel(): (r: OfferedRoute) => string {
  const t = useTranslations("crosschain");
  return (r) => t("route", { token: r.token, network: r.source.networkName });
}

type StepState = "waiting" | "wallet" | "network" | "done" | "failed";
interface Step {
  key: "switch" | "approve" | "sign";
  label: string;
}

type Phase =
  | { name: "preparing" }
  | { name: "blocked"; reason: string }
  | { name: "unavailable"; message: string }
  | { name: "ready"; checked: CheckedIntent; intentId: string; steps: Step[] }
  | { name: "running"; checked: CheckedIntent; intentId: string; steps: Step[]; states: StepState[]; problem?: string }
  | { name: "settling"; intentId: string; progress: CrosschainProgress | null; confirmed: boolean };

const POLL_MS = 1500;
const MARK: Record<StepState, string> = { waiting: "○", wallet: "◔", network: "◑", done: "✓", failed: "×" };

export function CrosschainCheckout({
  props,
  policy,
  route,
  wallet,
  credentials,
  onBack,
}: {
  props: CheckoutProps;
  policy: CrosschainPolicy;
  route: OfferedRoute;
  wallet: EvmWallet;
  credentials: PageCredentials;
  onBack: () => void;
}) {
  const t = useTranslations("crosschain");
  const ts = useTranslations("steps");
  const tErr = useTranslations("walletErrors");
  const formatMoney = useMoney();
  const routeLabel = useRouteLabel();
  const failureText = (err: unknown) =>
    isUserRejection(err)
      ? tErr("declinedNothingPaid")
      : walletErrorText(err, (k) => tErr(k)) || (err instanceof Error ? err.message : tErr("stepFailed"));
  const [phase, setPhase] = useState<Phase>({ name: "preparing" });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const router = useRouter();
  const { source } = route;
  const amount = BigInt(policy.amount);
  const sent = (units: bigint) => formatMoney(unitsToDecimal(units, route.decimals), route.token);
  const payeeGets = formatMoney(unitsToDecimal(amount, policy.decimals), props.currency.symbol);

  // Ask for the intent and check it before anything else: the state to show next.
  useEffect(() => {
    let current = true;
    void (async (): Promise<Phase> => {
      try {
        const answer = await fetchCrosschainIntent(credentials, {
          wallet: wallet.address,
          chain: route.chain,
          token: route.token,
        });
        const check = checkCrosschainIntent(
          policy,
          { chain: route.chain, token: route.token, wallet: wallet.address, fee: route.feeUnits },
          answer,
        );
        if (!check.ok) return { name: "blocked", reason: check.reason };
        const steps: Step[] = [];
        if (wallet.evm.chainId() !== source.chainId)
          steps.push({ key: "switch", label: ts("switch", { network: source.networkName }) });
        if (check.checked.permit) steps.push({ key: "approve", label: t("permitSignature", { token: route.token }) });
        if (check.checked.approval)
          steps.push({
            key: "approve",
            label: t("permitTransaction", { token: route.token, network: source.networkName }),
          });
        steps.push({
          key: "sign",
          label: t("sign", { amount: sent(check.checked.total), network: source.networkName }),
        });
        return { name: "ready", checked: check.checked, intentId: answer.paymentIntentId, steps };
      } catch (err) {
        return {
          name: "unavailable",
          message: err instanceof Error ? err.message : t("prepareFailed"),
        };
      }
    })().then((p) => current && setPhase(p));
    return () => {
      current = false;
    };
    // Prepared once per chosen route; the policy and wallet do not change under it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route.chain, route.token]);

  useEffect(() => {
    if (phase.name === "blocked") headingRef.current?.focus();
  }, [phase.name]);

  async function run(checked: CheckedIntent, intentId: string, steps: Step[]) {
    const states: StepState[] = steps.map(() => "waiting");
    const show = (problem?: string) =>
      setPhase({ name: "running", checked, intentId, steps, states: [...states], problem });
    let current = -1;
    try {
      let permitSignature: string | null = null;
      for (const [i, step] of steps.entries()) {
        current = i;
        states[i] = "wallet";
        show();
        if (step.key === "switch") {
          await wallet.evm.switchTo(source.chainId);
        } else if (step.key === "approve" && checked.permit) {
          permitSignature = await wallet.evm.signTypedData(checked.permit.typedData);
        } else if (step.key === "approve" && checked.approval) {
          if (wallet.evm.chainId() !== source.chainId)
            throw new Error(t("wrongNetwork", { network: source.networkName }));
          const hash = await wallet.send({ to: checked.approval.to, data: checked.approval.data, value: 0 });
          states[i] = "network";
          show();
          const mined = await wallet.wait(hash);
          if (!mined.success) throw new Error(t("approvalFailed", { network: source.networkName }));
        } else {
          const signature = await wallet.evm.signTypedData(checked.intent);
          states[i] = "network";
          show();
          await submitCrosschainIntent(credentials, intentId, {
            signedPaymentIntent: { signature, nonce: checked.nonce, deadline: checked.deadline },
            ...(checked.permit && permitSignature
              ? {
                  signedApprovalPermit: {
                    signature: permitSignature,
                    nonce: checked.permit.nonce,
                    deadline: checked.permit.deadline,
                  },
                }
              : {}),
          });
        }
        states[i] = "done";
        show();
      }
    } catch (err) {
      if (current >= 0) states[current] = "failed";
      return show(failureText(err));
    }
    setPhase({ name: "settling", intentId, progress: null, confirmed: false });
  }

  // Submitted: follow the settlement, then detection, until the page can show the receipt.
  const settling = phase.name === "settling" ? phase.intentId : null;
  useEffect(() => {
    if (!settling) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      if (stopped) return;
      const progress = await fetchCrosschainProgress(credentials, settling).catch(() => null);
      if (stopped) return;
      if (progress) setPhase((p) => (p.name === "settling" ? { ...p, progress } : p));
      if (progress?.status === "failed" || progress?.status === "refunded") return;
      if (progress?.status === "paid") {
        const page = await fetchPaymentProgress(credentials).catch(() => null);
        if (stopped) return;
        if (page?.status === "completed") {
          markJustPaid(credentials.token);
          setPhase((p) => (p.name === "settling" ? { ...p, confirmed: true } : p));
          router.refresh();
          return;
        }
      }
      timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [settling, credentials, router]);

  const summary = (total: bigint) => (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="crosschain-summary">
      <dt className="text-[var(--pay-muted)]">{t("from")}</dt>
      <dd>{routeLabel(route)}</dd>
      <dt className="text-[var(--pay-muted)]">{t("payeeReceives")}</dt>
      <dd>{t("amountOn", { amount: payeeGets, network: props.network.name })}</dd>
      <dt className="text-[var(--pay-muted)]">{t("fee")}</dt>
      <dd>{sent(route.feeUnits)}</dd>
      <dt className="font-semibold">{t("youSend")}</dt>
      <dd className="font-semibold" data-testid="crosschain-total">
        {sent(total)}
      </dd>
    </dl>
  );

  const back = (
    <button type="button" className="text-sm underline underline-offset-2" onClick={onBack}>
      {t("back")}
    </button>
  );

  switch (phase.name) {
    case "preparing":
      return (
        <p role="status" className="text-sm" aria-busy="true">
          {t("preparing", { route: routeLabel(route) })}
        </p>
      );
    case "blocked":
      return <BlockedPanel reason={phase.reason} nothingSigned ref={headingRef} />;
    case "unavailable":
      return (
        <div role="alert" className="space-y-3">
          <p className="text-sm">{phase.message}</p>
          {back}
        </div>
      );
    case "ready":
    case "running": {
      const states = phase.name === "running" ? phase.states : phase.steps.map((): StepState => "waiting");
      return (
        <div className="space-y-4" data-testid="crosschain-checkout">
          {summary(phase.checked.total)}
          <ol aria-label={ts("label")} className="space-y-2">
            {phase.steps.map((s, i) => (
              <li key={i} className="flex items-start gap-3 text-sm" data-step-status={states[i]}>
                <span
                  aria-hidden
                  className={`w-4 text-center ${states[i] === "done" ? "text-emerald-600" : states[i] === "failed" ? "text-red-600" : ""}`}
                >
                  {MARK[states[i]]}
                </span>
                <span className="flex-1">
                  {s.label}
                  <span
                    className="block text-xs text-[var(--pay-muted)]"
                    aria-live={states[i] === "waiting" ? undefined : "polite"}
                  >
                    {ts(`status.${states[i]}`)}
                  </span>
                </span>
              </li>
            ))}
          </ol>
          {phase.name === "ready" && (
            <div className="space-y-2">
              <button
                type="button"
                className={`${ACTION_CLASSES} w-full`}
                onClick={() => void run(phase.checked, phase.intentId, phase.steps)}
              >
                {t("pay", { amount: sent(phase.checked.total), network: source.networkName })}
              </button>
              {back}
            </div>
          )}
          {phase.name === "running" && phase.problem && (
            <div role="alert" className="space-y-3">
              <p className="text-sm">{phase.problem}</p>
              {back}
            </div>
          )}
        </div>
      );
    }
    case "settling":
      return <SettlementPanel props={props} route={route} progress={phase.progress} confirmed={phase.confirmed} />;
  }
}

type Stage = "collecting" | "paying" | "paid";

function SettlementPanel({
  props,
  route,
  progress,
  confirmed,
}: {
  props: CheckoutProps;
  route: OfferedRoute;
  progress: CrosschainProgress | null;
  confirmed: boolean;
}) {
  const t = useTranslations("crosschain");
  const status = progress?.status ?? "signed";
  const link = (network: string, hash: string, label: string) => (
    <a
      href={explorerTxUrl(network, hash, props.sandbox ? { origin: "" } : undefined) ?? undefined}
      target="_blank"
      rel="noopener noreferrer"
      className="font-mono break-all underline underline-offset-2"
      aria-label={t("txLabel", { label, hash })}
    >
      {hash}
    </a>
  );
  if (status === "failed" || status === "refunded") {
    return (
      <div
        role="alert"
        className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950"
        data-testid="pay-state"
        data-state={`crosschain-${status}`}
      >
        <h2 className="text-lg font-bold">{status === "refunded" ? t("refundedTitle") : t("failedTitle")}</h2>
        {status === "refunded" ? (
          <p className="text-sm">
            {t("refundedText", { token: route.token, source: route.source.networkName, network: props.network.name })}
            {progress?.refundTxHash && (
              <span className="mt-1 block">
                {t("refund")}: {link(progress.sourceNetwork, progress.refundTxHash, t("refund"))}
              </span>
            )}
          </p>
        ) : (
          <p className="text-sm">
            {progress?.failureReason === "expired"
              ? t("failedExpired")
              : progress?.failureReason === "source_pull_reverted"
                ? t("failedPull")
                : t("failedText")}
          </p>
        )}
      </div>
    );
  }
  const stage: Stage = status === "paid" ? "paid" : status === "collected" ? "paying" : "collecting";
  const order: Stage[] = ["collecting", "paying", "paid"];
  const labels: Record<Stage, string> = {
    collecting: t("collecting", { token: route.token, network: route.source.networkName }),
    paying: t("paying", { network: props.network.name }),
    paid: t("paid"),
  };
  return (
    <div
      className="space-y-3"
      role="status"
      data-testid="pay-state"
      data-state={confirmed ? "confirmed" : `crosschain-${stage}`}
    >
      <p className="font-semibold">{confirmed ? t("confirmed") : t("settling")}</p>
      <ol aria-label={t("settlement")} className="space-y-2">
        {order.map((s) => {
          const done = order.indexOf(s) < order.indexOf(stage) || stage === "paid";
          const active = s === stage && stage !== "paid";
          return (
            <li
              key={s}
              className="flex items-start gap-3 text-sm"
              data-settlement-step={s}
              data-step-status={done ? "done" : active ? "network" : "waiting"}
            >
              <span aria-hidden className={`w-4 text-center ${done ? "text-emerald-600" : ""}`}>
                {done ? "✓" : active ? "◑" : "○"}
              </span>
              <span className="flex-1">
                {labels[s]}
                {s === "collecting" && progress?.sourceTxHash && (
                  <span className="mt-1 block text-xs">
                    {link(
                      progress.sourceNetwork,
                      progress.sourceTxHash,
                      t("collectedOn", { network: route.source.networkName }),
                    )}
                  </span>
                )}
                {s === "paying" && progress?.destinationTxHash && (
                  <span className="mt-1 block text-xs">
                    {link(
                      progress.destinationNetwork,
                      progress.destinationTxHash,
                      t("paidOn", { network: props.network.name }),
                    )}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
