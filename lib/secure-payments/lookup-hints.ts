// The selection hints of GET /v2/secure-payments?requestId= (published document 0.13.0): which
// kind of multicall a link could join, whose identity and branding it carries, and whether
// POST …/multicall-payouts would take it as an eligible child now, else why not. Pure: no I/O.
import type { StoredRequest } from "../requests";
import type { SecurePaymentStatus } from "./payment-state";
import type { StoredSecurePayment } from "./secure-payment-store";

type BlockReason =
  | "not_outgoing"
  | "not_single_payment"
  | "invalid_child_linkage"
  | "already_paid"
  | "secure_payment_expired"
  | "secure_payment_not_pending"
  | "not_payable_child";

/** Why createMulticallPayout (combine-payout-links.ts) would refuse this link or list it stale; null: eligible. */
export function childBlockReason(
  sp: Pick<StoredSecurePayment, "paymentType" | "parentToken" | "requestIds">,
  requests: readonly Pick<StoredRequest, "network">[],
  status: SecurePaymentStatus,
): BlockReason | null {
  if (sp.paymentType === "single") return "not_outgoing";
  if (sp.paymentType !== "payouts" || sp.requestIds.length !== 1) return "not_single_payment";
  if (sp.parentToken) return "invalid_child_linkage";
  // Multicalls run on EVM chains only here (no Tron batches).
  if (requests.some((r) => r.network === "tron")) return "not_payable_child";
  if (status === "completed") return "already_paid";
  if (status === "expired") return "secure_payment_expired";
  if (status !== "pending") return "secure_payment_not_pending";
  return null;
}

export function executionKindOf(requests: readonly Pick<StoredRequest, "network">[]) {
  return requests.some((r) => r.network === "tron") ? ("tron_batch" as const) : ("evm_same_chain" as const);
}

/** A link made with a client ID carries its identity and may carry its look; else the neutral page. */
export function identityOf(sp: Pick<StoredSecurePayment, "clientIdId">, hasBranding: boolean) {
  return {
    identityMode: sp.clientIdId ? ("client_id" as const) : ("manual_dashboard" as const),
    branding: {
      whitelabelEnabled: hasBranding,
      source: sp.clientIdId ? ("client_id" as const) : ("request_network" as const),
    },
  };
}
