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
import { useEffect, useRef, useState } from "react";
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
import { formatMoney, unitsToDecimal } from "@/lib/pay-page/browser";
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

export function routeLabel(r: OfferedRoute): string {
  return `${r.token} on ${r.source.networkName}`;
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
const STATE_TEXT: Record<StepState, string> = {
  waiting: "Not started",
  wallet: "Confirm in your wallet",
  network: "Waiting for the network",
  done: "Done",
  failed: "Not completed",
};

function failureText(err: unknown): string {
  if (isUserRejection(err)) return "You declined in your wallet. Nothing was paid; you can try again.";
  return (
    walletErrorText(err) || (err instanceof Error ? err.message : "The wallet could not complete this step. Try again.")
  );
}

const FAILURES: Record<string, string> = {
  expired: "The payment was not collected in time and expired. Nothing was taken from your wallet; you can pay again.",
  source_pull_reverted:
    "The network refused to collect the payment (the balance or approval may have changed). Nothing was taken from your wallet.",
};

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
          steps.push({ key: "switch", label: `Switch your wallet to ${source.networkName}` });
        if (check.checked.permit)
          steps.push({
            key: "approve",
            label: `Allow Permit2 to move your ${route.token} (a signature, no transaction)`,
          });
        if (check.checked.approval)
          steps.push({
            key: "approve",
            label: `Allow Permit2 to move your ${route.token} (a transaction on ${source.networkName})`,
          });
        steps.push({
          key: "sign",
          label: `Sign the payment of ${sent(check.checked.total)} from ${source.networkName}`,
        });
        return { name: "ready", checked: check.checked, intentId: answer.paymentIntentId, steps };
      } catch (err) {
        return {
          name: "unavailable",
          message: err instanceof Error ? err.message : "The payment could not be prepared. Try again.",
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
            throw new Error(`Your wallet is not on ${source.networkName}. Switch it there, then try again.`);
          const hash = await wallet.send({ to: checked.approval.to, data: checked.approval.data, value: 0 });
          states[i] = "network";
          show();
          const mined = await wallet.wait(hash);
          if (!mined.success)
            throw new Error(`The approval failed on ${source.networkName}; nothing was paid. Try again.`);
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
      <dt className="text-[var(--pay-muted)]">From</dt>
      <dd>
        {route.token} on {source.networkName}
      </dd>
      <dt className="text-[var(--pay-muted)]">The payee receives</dt>
      <dd>
        {payeeGets} on {props.network.name}
      </dd>
      <dt className="text-[var(--pay-muted)]">Crosschain fee</dt>
      <dd>{sent(route.feeUnits)}</dd>
      <dt className="font-semibold">You send</dt>
      <dd className="font-semibold" data-testid="crosschain-total">
        {sent(total)}
      </dd>
    </dl>
  );

  const back = (
    <button type="button" className="text-sm underline underline-offset-2" onClick={onBack}>
      Pay another way
    </button>
  );

  switch (phase.name) {
    case "preparing":
      return (
        <p role="status" className="text-sm" aria-busy="true">
          Preparing the payment from {routeLabel(route)}…
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
          <ol aria-label="Payment steps" className="space-y-2">
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
                    {STATE_TEXT[states[i]]}
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
                {`Pay ${sent(phase.checked.total)} from ${source.networkName}`}
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
  const status = progress?.status ?? "signed";
  const link = (network: string, hash: string, label: string) => (
    <a
      href={explorerTxUrl(network, hash, props.sandbox ? { origin: "" } : undefined) ?? undefined}
      target="_blank"
      rel="noopener noreferrer"
      className="font-mono break-all underline underline-offset-2"
      aria-label={`${label}: transaction ${hash}`}
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
        <h2 className="text-lg font-bold">{status === "refunded" ? "Payment refunded" : "Payment not completed"}</h2>
        {status === "refunded" ? (
          <p className="text-sm">
            Your {route.token} was collected on {route.source.networkName} but could not be paid out on{" "}
            {props.network.name}, so it was sent back to your wallet.
            {progress?.refundTxHash && (
              <span className="mt-1 block">
                Refund: {link(progress.sourceNetwork, progress.refundTxHash, "Refund")}
              </span>
            )}
          </p>
        ) : (
          <p className="text-sm">
            {FAILURES[progress?.failureReason ?? ""] ??
              "The payment could not be completed. Nothing was taken from your wallet."}
          </p>
        )}
      </div>
    );
  }
  const stage: Stage = status === "paid" ? "paid" : status === "collected" ? "paying" : "collecting";
  const order: Stage[] = ["collecting", "paying", "paid"];
  const labels: Record<Stage, string> = {
    collecting: `Collecting ${route.token} on ${route.source.networkName}`,
    paying: `Paying the payee on ${props.network.name}`,
    paid: "Paid",
  };
  return (
    <div
      className="space-y-3"
      role="status"
      data-testid="pay-state"
      data-state={confirmed ? "confirmed" : `crosschain-${stage}`}
    >
      <p className="font-semibold">
        {confirmed
          ? "Payment confirmed. Loading your receipt…"
          : "Payment signed. The service settles it across networks…"}
      </p>
      <ol aria-label="Settlement" className="space-y-2">
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
                    {link(progress.sourceNetwork, progress.sourceTxHash, `Collected on ${route.source.networkName}`)}
                  </span>
                )}
                {s === "paying" && progress?.destinationTxHash && (
                  <span className="mt-1 block text-xs">
                    {link(progress.destinationNetwork, progress.destinationTxHash, `Paid on ${props.network.name}`)}
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
