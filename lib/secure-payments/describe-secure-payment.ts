// GET /v2/secure-payments/{token} (openapi single/batch shapes) and the lookup by request id.
// What the page renders before any wallet is connected: payee, amount, network, token,
// fees, expiry and branding.
import { formatUnits } from "viem";
import { getCurrency, isNative } from "../chains/currencies";
import { NETWORKS } from "../chains/networks";
import { kytResultsOf } from "../kyt";
import { formatDestinationId, payeeInteropAddress } from "../payee-destinations";
import type { StoredRequest } from "../requests";
import { resolveBranding } from "./branding";
import { securePaymentUrl } from "./create-secure-payment";
import { detectedPayments } from "./detected-payments";
import { eventOwnerOf } from "./event-owner";
import { feePlanOf } from "./fee-plan";
import type { LoadedSecurePayment } from "./load-secure-payment";
import { childBlockReason, executionKindOf, identityOf } from "./lookup-hints";
import type { SecurePaymentStatus } from "./payment-state";
import type { SecurePaymentAnswer } from "./schemas";
import type { StoredSecurePayment } from "./secure-payment-store";

function amountOf(r: StoredRequest): string {
  return formatUnits(r.expectedAmount, getCurrency(r.invoiceCurrency)?.decimals ?? 0);
}

function destinationOf(r: StoredRequest) {
  const currency = getCurrency(r.paymentCurrency);
  if (!currency || isNative(currency)) return null;
  const network = NETWORKS[r.network];
  return {
    destinationId: formatDestinationId(network, r.payee, currency.address),
    payeeAddress: payeeInteropAddress(network, r.payee),
    tokenAddress: currency.address,
    walletAddress: r.payee,
    network: r.network,
    isMasked: false,
  };
}

/** `partially_settled` belongs to multicalls; a single or batch link reads `pending` until all is paid. */
function publicStatus(status: SecurePaymentStatus): SecurePaymentAnswer["status"] {
  return status === "partially_settled" ? "pending" : status;
}

/** What every link's view has, single, batch or multicall (`analytics` aside, which differs). */
export async function linkFields(sp: StoredSecurePayment) {
  return {
    redirectUrl: sp.redirectUrl,
    redirectLabel: sp.redirectLabel,
    orchestratorId: sp.orchestratorId,
    branding: await resolveBranding(sp),
    requestIds: sp.requestIds,
    expiresAt: sp.expiresAt,
    createdAt: sp.createdAt,
  };
}

/** The payee's address in the masked form of `hidePayeeAddress`: its first and last 4 characters. */
export function maskAddress(address: string): string {
  return `${address.slice(0, address.startsWith("0x") ? 6 : 4)}…${address.slice(-4)}`;
}

/**
 * Whether the payee's address (and with `hideUntilApproved` the reference) is masked: when
 * the creator asked for it and no wallet has been approved for this read
 * (docs/decisions/wallet-screening-kyt.md).
 */
export function isMasked(sp: StoredSecurePayment, approved: boolean): boolean {
  return (sp.hidePayeeAddress || sp.hideUntilApproved) && !approved;
}

export async function describeSecurePayment(
  { sp, requests, status }: LoadedSecurePayment,
  opts: { approved?: boolean } = {},
): Promise<SecurePaymentAnswer> {
  const first = requests[0];
  const currency = getCurrency(first.paymentCurrency);
  const feePlan = feePlanOf(requests);
  const masked = isMasked(sp, opts.approved ?? false);
  const destinations = requests.map((r) => (masked ? null : destinationOf(r)));
  const payeeOf = (r: StoredRequest) => (masked ? maskAddress(r.payee) : r.payee);
  const base = {
    status: publicStatus(status),
    ...(await linkFields(sp)),
    analytics: {
      creationTimestamp: sp.createdAt,
      ...(feePlan
        ? { totalPaymentAmountUsd: feePlan.payerTotalAmountUsd }
        : { feeAmountsUsdUnavailableReason: "fee_plan_unavailable" as const }),
      numberOfPaymentsExcludingFees: requests.length,
      destinationIds: destinations.flatMap((d) => (d?.destinationId ? [d.destinationId] : [])),
    },
    network: first.network,
    isNativeCurrency: currency ? isNative(currency) : false,
    reference: masked && sp.hideUntilApproved ? null : sp.reference,
    isPayeeAddressMasked: masked,
    feePlan,
  };
  if (requests.length === 1) {
    return {
      paymentType: "single",
      ...base,
      payee: payeeOf(first),
      amount: amountOf(first),
      paymentCurrency: first.paymentCurrency,
      destination: destinations[0],
    };
  }
  return {
    paymentType: "batch",
    ...base,
    payees: requests.map(payeeOf),
    amounts: requests.map(amountOf),
    paymentCurrencies: requests.map((r) => r.paymentCurrency),
    destinations,
  };
}

/** GET /v2/secure-payments?requestId=: the link of a request, whatever its state. */
export async function describeLookup(sp: StoredSecurePayment, loaded: LoadedSecurePayment, requestId: string) {
  const { requests, status } = loaded;
  const row = requests.find((r) => r.requestId === requestId.toLowerCase()) ?? requests[0];
  const blockReason = childBlockReason(sp, requests, status);
  const last = (await detectedPayments(requests)).at(-1);
  const owner = await eventOwnerOf(sp);
  const kyt = await kytResultsOf(sp.platformId, sp.token);
  return {
    token: sp.token,
    securePaymentUrl: securePaymentUrl(sp.token),
    status: publicStatus(status),
    paymentType:
      sp.paymentType === "multicall"
        ? ("multicall" as const)
        : requests.length > 1
          ? ("batch" as const)
          : ("single" as const),
    createdAt: sp.createdAt,
    expiresAt: sp.expiresAt,
    redirectUrl: sp.redirectUrl,
    redirectLabel: sp.redirectLabel,
    completedAt: status === "completed" && last ? last.blockTime : null,
    payerAddress: status === "completed" ? (last?.payerAddress ?? null) : null,
    orchestratorId: sp.orchestratorId,
    feePlan: feePlanOf(requests),
    network: requests[0]?.network ?? "",
    currency: requests[0]?.paymentCurrency ?? null,
    clientId: owner.clientId,
    payerKytResults: kyt.payer,
    payeeKytResults: kyt.payee,
    // The platform asks about its own link: the payee is not masked here.
    destination: row ? destinationOf(row) : null,
    // No recipient-claimed destination is recorded when a payout link is made.
    claimedDestination: null,
    executionKind: executionKindOf(requests),
    ...identityOf(sp, (await resolveBranding(sp)) !== null),
    childExecutable: blockReason === null,
    blockReason,
  };
}
