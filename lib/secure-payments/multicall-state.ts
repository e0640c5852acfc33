// The state of a multicall payout (`/docs`, tag "Secure Payment"): a passive payload for the page —
// its children with their state and why one cannot be paid, totals per destination currency
// and the amount summary of what paying now would cost. No calldata here (that is /pay).
import { formatUnits, parseUnits } from "viem";
import { getCurrency } from "../chains/currencies";
import type { StoredRequest } from "../requests";
import { hasBeenPaid } from "../requests";
import { linkFields } from "./describe-secure-payment";
import { feeLegs, feePlanOf } from "./fee-plan";
import type { LoadedSecurePayment } from "./load-secure-payment";
import { deriveStatus, type SecurePaymentStatus } from "./payment-state";
import { requestsOfAll } from "./request-views";
import { findChildren } from "./secure-payment-store";

type BlockReason = "already_paid" | "secure_payment_expired" | "secure_payment_not_pending" | "not_found";

const MESSAGE_KEYS: Record<BlockReason, string> = {
  already_paid: "multicall.child.already_paid",
  secure_payment_expired: "multicall.child.expired",
  secure_payment_not_pending: "multicall.child.not_pending",
  not_found: "multicall.child.not_found",
};

function blockReasonOf(status: SecurePaymentStatus | null): BlockReason | null {
  if (status === null) return "not_found";
  if (status === "completed") return "already_paid";
  if (status === "expired") return "secure_payment_expired";
  if (status === "pending") return null;
  return "secure_payment_not_pending";
}

/** Sums amounts of different decimals exactly, at the largest precision among them. */
function sumDecimals(values: { amount: bigint; decimals: number }[]): string {
  const scale = Math.max(0, ...values.map((v) => v.decimals));
  const total = values.reduce((s, v) => s + v.amount * 10n ** BigInt(scale - v.decimals), 0n);
  return formatUnits(total, scale);
}

export async function describeMulticall({ sp, status }: LoadedSecurePayment, now = new Date()) {
  const children = await findChildren(sp.token);
  const requestsByChild = await requestsOfAll(children);
  const rows = children.map((child, i) => {
    const requests = requestsByChild[i];
    const request: StoredRequest | undefined = requests[0];
    const childStatus = request ? deriveStatus(child, requests, now) : null;
    const parentOpen = status === "pending" || status === "partially_settled";
    const reason = blockReasonOf(childStatus);
    return { child, request, childStatus, reason, executable: parentOpen && reason === null };
  });
  const decimalsOf = (r: StoredRequest) => getCurrency(r.paymentCurrency)?.decimals ?? 0;
  const executable = rows.filter((r) => r.executable && r.request).map((r) => r.request!);

  const byCurrency = new Map<string, { network: string; currency: string; amount: bigint }>();
  for (const r of executable) {
    const key = `${r.network}:${r.paymentCurrency}`;
    const e = byCurrency.get(key) ?? { network: r.network, currency: r.paymentCurrency, amount: 0n };
    e.amount += r.expectedAmount - r.amountPaid;
    byCurrency.set(key, e);
  }
  const legs = feeLegs(executable);
  const feeOf = new Map(legs.map((l) => [l.requestId, l.amount]));
  const gross = sumDecimals(
    executable.map((r) => ({ amount: r.expectedAmount - r.amountPaid, decimals: decimalsOf(r) })),
  );
  const fees = sumDecimals(executable.map((r) => ({ amount: feeOf.get(r.requestId) ?? 0n, decimals: decimalsOf(r) })));
  const scale = Math.max(0, ...executable.map(decimalsOf));
  const payerTotal = formatUnits(parseUnits(gross, scale) + parseUnits(fees, scale), scale);

  return {
    paymentType: "multicall" as const,
    status,
    ...(await linkFields(sp)),
    analytics: {
      creationTimestamp: sp.createdAt,
      feeAmountsUsdUnavailableReason: "fee_plan_unavailable" as const,
      numberOfPaymentsExcludingFees: children.length,
      destinationIds: [] as string[],
    },
    token: sp.token,
    canExecute: executable.length > 0,
    children: rows.map(({ child, request, childStatus, reason, executable: canPay }) => ({
      securePaymentToken: child.token,
      requestId: child.requestIds[0],
      position: child.position ?? 0,
      executable: canPay,
      blockReason: reason,
      messageKey: reason ? MESSAGE_KEYS[reason] : null,
      context: {
        requestId: child.requestIds[0],
        securePaymentToken: child.token,
        position: child.position ?? 0,
        hasBeenPaid: request ? hasBeenPaid(request) : false,
        securePaymentStatus: childStatus,
        requestStatus: request?.status ?? null,
        expiresAt: child.expiresAt,
        network: request?.network ?? null,
        currency: request?.paymentCurrency ?? null,
      },
      recoveryAction: reason ? ("remove_child" as const) : null,
      feePlan: request ? feePlanOf([request]) : null,
      amount: request ? formatUnits(request.expectedAmount, decimalsOf(request)) : null,
      payee: request?.payee ?? null,
      reference: child.reference,
    })),
    totals: {
      childCount: children.length,
      blockedChildCount: rows.filter((r) => !r.executable).length,
      byDestinationCurrency: [...byCurrency.values()].map((e) => ({
        network: e.network,
        currency: e.currency,
        totalAmount: formatUnits(e.amount, getCurrency(e.currency)?.decimals ?? 0),
      })),
      amountSummary: {
        grossAmount: gross,
        netRecipientAmount: gross,
        totalFees: fees,
        payeeBorneFees: "0",
        payerBorneFees: fees,
        payerTotal,
      },
    },
  };
}
