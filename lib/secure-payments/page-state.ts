// What the hosted page (/pay/<token>) needs on the server, without exceptions for the states
// it renders as pages of their own: unknown, expired, completed, cancelled, or payable. The
// token is the page's credential, so nothing here is scoped to a platform.
import { ApiError } from "../http/errors";
import { enforceAccessList } from "./access-policy";
import { describeSecurePayment } from "./describe-secure-payment";
import { detectedPayments, type RecordedPaymentView } from "./detected-payments";
import { type LoadedSecurePayment, loadSecurePayment } from "./load-secure-payment";
import { describeMulticall } from "./multicall-state";
import type { SecurePaymentStatus } from "./payment-state";

export type PageState =
  | { kind: "unknown" }
  | {
      kind: "payable" | "expired" | "completed" | "invalidated";
      status: SecurePaymentStatus;
      loaded: LoadedSecurePayment;
      view: Awaited<ReturnType<typeof describeSecurePayment>> | Awaited<ReturnType<typeof describeMulticall>>;
      /** On-chain payments detected so far, oldest first, with their explorer links. */
      payments: RecordedPaymentView[];
    };

export async function securePaymentPageState(token: string, now = new Date()): Promise<PageState> {
  let loaded: LoadedSecurePayment;
  try {
    loaded = await loadSecurePayment(token, {}, now);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: "unknown" };
    throw error;
  }
  const view =
    loaded.sp.paymentType === "multicall" ? await describeMulticall(loaded, now) : await describeSecurePayment(loaded);
  const payments = await detectedPayments(loaded.requests);
  const kind = loaded.status === "pending" || loaded.status === "partially_settled" ? "payable" : loaded.status;
  return { kind, status: loaded.status, loaded, view, payments };
}

/**
 * For the page when a wallet connects: whether it may pay. A refused wallet is reported by
 * `secure_payment.access_rejected` (deduplicated) exactly as the API's refusal is.
 */
export async function checkPayerAccess(
  token: string,
  wallet: string,
  eoaWallet?: string,
): Promise<{ allowed: boolean }> {
  const { sp } = await loadSecurePayment(token);
  try {
    await enforceAccessList(sp, [wallet, eoaWallet]);
    return { allowed: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { allowed: false };
    throw error;
  }
}
