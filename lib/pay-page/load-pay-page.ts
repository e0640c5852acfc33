// The payment page's state for a token, read on the server through the secure-payments
// domain's securePaymentPageState (the token is the page's credential): which page to show,
// and everything it shows, in the page's terms. Cached per render, so the page and its
// metadata read once.
import { cache } from "react";
import { formatUnits } from "viem";
import { type Currency, getCurrency, isNative } from "../chains/currencies";
import { NETWORKS, type NetworkId } from "../chains/networks";
import { getConfig } from "../config";
import { crosschainPagePolicy } from "../crosschain";
import { getPlatform, platformDisplayName } from "../platforms";
import type { StoredRequest } from "../requests";
import type { describeMulticall, LoadedSecurePayment } from "../secure-payments";
import {
  feeLegs,
  type PageState,
  paymentCallPolicy,
  securePaymentPageState,
  securePaymentUrl,
} from "../secure-payments";
import { formatMoney } from "./format";
import { type BrandingInput, pageBranding } from "./page-branding";
import { type MulticallChildView, type PayNetwork, type PayPageView, type PayRedirect } from "./pay-page-view";

const BLOCK_REASONS: Record<string, string> = {
  already_paid: "Already paid",
  secure_payment_expired: "Expired",
  secure_payment_not_pending: "Cancelled",
  not_found: "Not found",
};

/**
 * The payee as the page shows it before any wallet is approved: hidden (null) when the creator
 * set `hidePayeeAddress` or `hideUntilApproved`. The calls a wallet is given after it passed
 * the access list and screening name the payee, as they must.
 */
function shownPayee(sp: LoadedSecurePayment["sp"], payee: string): string | null {
  return sp.hidePayeeAddress || sp.hideUntilApproved ? null : payee;
}

/**
 * The payee among the recipients the page's contract check lets a plain token transfer pay:
 * left out when hidden, since the policy travels in the HTML. Payments go through the payment
 * contracts (checked as contracts), so only a direct transfer to the hidden payee is blocked.
 */
function policyPayee(sp: LoadedSecurePayment["sp"], payee: string): string[] {
  return shownPayee(sp, payee) === null ? [] : [payee];
}

function networkOf(id: NetworkId): PayNetwork {
  const n = NETWORKS[id];
  return { id: n.id, name: n.name, chainId: n.chainId, family: n.family, testnet: n.testnet };
}

/** The API takes http(s) redirect URLs only; anything else stored (never expected) shows no button. */
function redirectOf(url: string | null, label: string | null): PayRedirect | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    if (u.protocol === "https:" || u.protocol === "http:")
      return { url: u.href, label: label ?? "Return to the merchant" };
  } catch {
    /* not a URL */
  }
  return null;
}

function currencyOf(r: StoredRequest): Currency {
  const c = getCurrency(r.paymentCurrency);
  if (!c) throw new Error(`request ${r.requestId} names the unlisted currency ${r.paymentCurrency}`);
  return c;
}

const decimal = (v: bigint, c: Currency) => formatUnits(v, c.decimals);

type Detected = Exclude<PageState, { kind: "unknown" }>["payments"];

function completedView(loaded: LoadedSecurePayment, payments: Detected, shared: object): PayPageView {
  const { requests, sp } = loaded;
  const first = requests[0];
  const currency = first ? getCurrency(first.paymentCurrency) : undefined;
  const last = payments.at(-1);
  const same =
    currency !== undefined && requests.every((r) => r.paymentCurrency === first?.paymentCurrency)
      ? currency
      : undefined;
  // The same sums the payable page showed as "Total": the requests' amounts and the fees on top.
  const gross = requests.reduce((s, r) => s + r.expectedAmount, 0n);
  const fee = feeLegs(requests).reduce((s, l) => s + l.amount, 0n);
  const payees = new Set(requests.map((r) => r.payee));
  return {
    ...(shared as Pick<Extract<PayPageView, { state: "completed" }>, "branding" | "merchantName" | "sandbox">),
    state: "completed",
    amount: same ? decimal(gross + fee, same) : null,
    symbol: same ? same.symbol : null,
    paidToPayee: same && fee > 0n ? decimal(gross, same) : null,
    fee: same && fee > 0n ? decimal(fee, same) : null,
    payee: payees.size === 1 && sp.paymentType !== "multicall" && first ? shownPayee(sp, first.payee) : null,
    payer: last?.payerAddress ?? null,
    reference: sp.hideUntilApproved ? null : sp.reference,
    networkName: first ? NETWORKS[first.network].name : null,
    txHash: last?.txHash ?? null,
    explorerTxUrl: last?.explorerUrl ?? null,
    completedAt: sp.completedAt ?? last?.blockTime ?? null,
    redirect: redirectOf(sp.redirectUrl, sp.redirectLabel),
  };
}

function multicallView(
  loaded: LoadedSecurePayment,
  state: Awaited<ReturnType<typeof describeMulticall>>,
  shared: Parameters<typeof payableBase>[1],
): PayPageView {
  const children: MulticallChildView[] = state.children.map((c) => ({
    position: c.position,
    token: c.securePaymentToken,
    payee: c.payee,
    amount: c.amount,
    symbol: c.context.currency ? (getCurrency(c.context.currency)?.symbol ?? null) : null,
    reference: c.reference,
    executable: c.executable,
    blocked: c.blockReason ? (BLOCK_REASONS[c.blockReason] ?? c.blockReason) : null,
  }));
  const lines = state.totals.byDestinationCurrency.map((t) =>
    formatMoney(t.totalAmount, getCurrency(t.currency)?.symbol ?? t.currency),
  );
  const payable = loaded.requests.filter((r) =>
    state.children.some((c) => c.executable && c.requestId === r.requestId),
  );
  const reference = payable[0] ?? loaded.requests[0];
  const currency = currencyOf(reference);
  const single = state.totals.byDestinationCurrency.length === 1;
  const totalLabel = lines.length === 0 ? "Nothing to pay" : lines.join(" and ");
  const fees = state.totals.amountSummary.totalFees;
  return {
    ...payableBase(loaded, shared, reference),
    paymentType: "multicall",
    currency: {
      id: currency.id,
      symbol: currency.symbol,
      decimals: currency.decimals,
      address: isNative(currency) ? "" : currency.address,
    },
    payees: payable.map((r) => ({
      address: shownPayee(loaded.sp, r.payee),
      amount: decimal(r.expectedAmount - r.amountPaid, currencyOf(r)),
    })),
    amount: state.totals.amountSummary.grossAmount,
    fees: /^0(\.0*)?$/.test(fees) ? [] : [{ label: "Fees", amount: fees }],
    total: state.totals.amountSummary.payerTotal,
    totalLabel: single ? formatMoney(state.totals.amountSummary.payerTotal, currency.symbol) : totalLabel,
    payLabel: `Pay all ${payable.length} payouts (${single ? formatMoney(state.totals.amountSummary.payerTotal, currency.symbol) : totalLabel})`,
    children,
    totals: {
      childCount: state.totals.childCount,
      blockedChildCount: state.totals.blockedChildCount,
      byCurrency: lines,
      fees: single ? formatMoney(fees, currency.symbol) : fees,
      payerTotal: single ? formatMoney(state.totals.amountSummary.payerTotal, currency.symbol) : totalLabel,
    },
    policy: paymentCallPolicy(
      reference.network,
      payable.flatMap((r) => policyPayee(loaded.sp, r.payee)),
    ),
    crosschain: null,
  };
}

/** What every payable view shares, from the link and its first request. */
function payableBase(
  loaded: LoadedSecurePayment,
  shared: { branding: ReturnType<typeof pageBranding>; merchantName: string | null; sandbox: boolean },
  first: StoredRequest,
) {
  const { sp } = loaded;
  return {
    ...shared,
    state: "payable" as const,
    token: sp.token,
    network: networkOf(first.network),
    reference: sp.hideUntilApproved ? null : sp.reference,
    expiresAt: sp.expiresAt,
    redirect: redirectOf(sp.redirectUrl, sp.redirectLabel),
    restricted: sp.allowedPayerAddresses.length > 0,
    link: securePaymentUrl(sp.token),
  };
}

function paymentView(loaded: LoadedSecurePayment, shared: Parameters<typeof payableBase>[1]): PayPageView {
  const due = loaded.requests.filter((r) => r.amountPaid < r.expectedAmount);
  const requests = due.length > 0 ? due : loaded.requests;
  const first = requests[0];
  const currency = currencyOf(first);
  const legs = feeLegs(requests);
  const amount = requests.reduce((s, r) => s + r.expectedAmount - r.amountPaid, 0n);
  const alreadyPaid = requests.reduce((s, r) => s + r.amountPaid, 0n);
  const fee = legs.reduce((s, l) => s + l.amount, 0n);
  const total = decimal(amount + fee, currency);
  const bps = legs[0]?.basisPoints;
  return {
    ...payableBase(loaded, shared, first),
    paymentType: requests.length > 1 ? "batch" : "single",
    currency: {
      id: currency.id,
      symbol: currency.symbol,
      decimals: currency.decimals,
      address: isNative(currency) ? "" : currency.address,
    },
    payees: requests.map((r) => ({
      address: shownPayee(loaded.sp, r.payee),
      amount: decimal(r.expectedAmount - r.amountPaid, currency),
    })),
    amount: decimal(amount, currency),
    ...(due.length > 0 && alreadyPaid > 0n ? { alreadyPaid: decimal(alreadyPaid, currency) } : {}),
    fees:
      fee > 0n
        ? [
            {
              label:
                bps !== undefined && legs.every((l) => l.basisPoints === bps)
                  ? `Platform fee (${bps / 100} %)`
                  : "Platform fee",
              amount: decimal(fee, currency),
            },
          ]
        : [],
    total,
    totalLabel: formatMoney(total, currency.symbol),
    payLabel: `Pay ${formatMoney(total, currency.symbol)}`,
    policy: paymentCallPolicy(first.network, [
      ...requests.flatMap((r) => policyPayee(loaded.sp, r.payee)),
      ...legs.map((l) => l.recipient),
    ]),
    // One request whose payee the page shows: the intent is checked against that payee.
    crosschain:
      requests.length === 1 && shownPayee(loaded.sp, first.payee) !== null ? crosschainPagePolicy(first) : null,
  };
}

/** The client ID's (or orchestrator's) branding; where it sets no logo, the platform profile's logo. */
function merchantBranding(branding: BrandingInput | null | undefined, platform: { logoPath: string | null } | null) {
  const page = pageBranding(branding);
  return page.logoUrl || !platform?.logoPath
    ? page
    : { ...page, logoUrl: pageBranding({ logoPath: platform.logoPath }).logoUrl };
}

export const loadPayPage = cache(async (token: string): Promise<PayPageView> => {
  const page = await securePaymentPageState(token);
  if (page.kind === "unknown") return { state: "unknown" };
  const { loaded } = page;
  const { sp } = loaded;
  const platform = await getPlatform(sp.platformId);
  const shared = {
    branding: merchantBranding(page.view.branding, platform),
    merchantName: platform ? platformDisplayName(platform) : null,
    sandbox: getConfig().sandbox,
  };
  if (page.kind === "completed") return completedView(loaded, page.payments, shared);
  if (page.kind === "expired") return { ...shared, state: "expired", expiresAt: sp.expiresAt };
  if (page.kind === "invalidated") return { ...shared, state: "not-payable", reason: "invalidated" };
  if (page.view.paymentType === "multicall") return multicallView(loaded, page.view, shared);
  if (loaded.requests.length === 0) return { state: "unknown" };
  return paymentView(loaded, shared);
});
