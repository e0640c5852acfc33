// GET /v2/secure-payments/{token} (openapi single/batch shapes) and the lookup by request id.
// What the page renders before any wallet is connected: payee, amount, network, token,
// fees, expiry and branding.
import { formatUnits } from "viem";
import { getCurrency, isNative } from "../chains/currencies";
import { NETWORKS } from "../chains/networks";
import { formatDestinationId, payeeInteropAddress } from "../payee-destinations/destination-id";
import type { StoredRequest } from "../requests/request-store";
import { resolveBranding } from "./branding";
import { securePaymentUrl } from "./create-secure-payment";
import { detectedPayments } from "./detected-payments";
import { eventOwnerOf } from "./event-owner";
import { feePlanOf } from "./fee-plan";
import type { LoadedSecurePayment } from "./load-secure-payment";
import type { SecurePaymentStatus } from "./payment-state";
import type { SecurePaymentView } from "./schemas";
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
function publicStatus(status: SecurePaymentStatus): SecurePaymentView["status"] {
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
    expiresAt: sp.expiresAt.toISOString(),
    createdAt: sp.createdAt.toISOString(),
  };
}

export async function describeSecurePayment({ sp, requests, status }: LoadedSecurePayment): Promise<SecurePaymentView> {
  const first = requests[0];
  const currency = getCurrency(first.paymentCurrency);
  const feePlan = feePlanOf(requests);
  const destinations = requests.map(destinationOf);
  const base = {
    status: publicStatus(status),
    ...(await linkFields(sp)),
    analytics: {
      creationTimestamp: sp.createdAt.toISOString(),
      ...(feePlan ? { totalPaymentAmountUsd: feePlan.payerTotalAmountUsd } : { feeAmountsUsdUnavailableReason: "fee_plan_unavailable" as const }),
      numberOfPaymentsExcludingFees: requests.length,
      destinationIds: destinations.flatMap((d) => (d?.destinationId ? [d.destinationId] : [])),
    },
    network: first.network,
    isNativeCurrency: currency ? isNative(currency) : false,
    reference: sp.reference,
    isPayeeAddressMasked: false,
    feePlan,
  };
  if (requests.length === 1) {
    return { paymentType: "single", ...base, payee: first.payee, amount: amountOf(first), paymentCurrency: first.paymentCurrency, destination: destinations[0] };
  }
  return {
    paymentType: "batch",
    ...base,
    payees: requests.map((r) => r.payee),
    amounts: requests.map(amountOf),
    paymentCurrencies: requests.map((r) => r.paymentCurrency),
    destinations,
  };
}

/** GET /v2/secure-payments?requestId=: the link of a request, whatever its state. */
export async function describeLookup(sp: StoredSecurePayment, loaded: LoadedSecurePayment) {
  const { requests, status } = loaded;
  const last = (await detectedPayments(requests)).at(-1);
  const owner = await eventOwnerOf(sp);
  return {
    token: sp.token,
    securePaymentUrl: securePaymentUrl(sp.token),
    status: publicStatus(status),
    paymentType: sp.paymentType === "multicall" ? ("multicall" as const) : requests.length > 1 ? ("batch" as const) : ("single" as const),
    createdAt: sp.createdAt.toISOString(),
    expiresAt: sp.expiresAt.toISOString(),
    redirectUrl: sp.redirectUrl,
    redirectLabel: sp.redirectLabel,
    completedAt: status === "completed" && last ? last.blockTime : null,
    payerAddress: status === "completed" ? (last?.payerAddress ?? null) : null,
    orchestratorId: sp.orchestratorId,
    feePlan: feePlanOf(requests),
    network: requests[0]?.network ?? "",
    currency: requests[0]?.paymentCurrency ?? null,
    clientId: owner.clientId,
  };
}
