// What the `paymentType: "multicall"` answer of GET /v2/secure-payments/{token}/pay lists beside
// its calldata (published document 0.13.0 requires them): each payable leg with its link, and
// the same legs as parallel arrays. Legs are the children still due, in the children's order.
// Pure: no I/O.
import { formatUnits } from "viem";
import { getCurrency, isNative } from "../chains/currencies";
import type { StoredRequest } from "../requests";
import type { StoredSecurePayment } from "./secure-payment-store";

export interface MulticallLeg {
  child: Pick<StoredSecurePayment, "token" | "position" | "reference">;
  request: StoredRequest;
}

export function multicallLegFields(legs: readonly MulticallLeg[]) {
  const children = legs.map(({ child, request }, i) => {
    const currency = getCurrency(request.paymentCurrency);
    const tokenAddress = currency && !isNative(currency) ? currency.address : null;
    return {
      position: child.position ?? i,
      securePaymentToken: child.token,
      requestId: request.requestId,
      payee: request.payee,
      amount: formatUnits(request.expectedAmount - request.amountPaid, currency?.decimals ?? 0),
      paymentCurrency: request.paymentCurrency,
      paymentReference: request.paymentReference,
      paymentCurrencyAddress: tokenAddress,
      // Same chain: the payer spends the token the payee receives.
      sourceTokenAddress: tokenAddress,
      tokenAddress,
      network: request.network,
    };
  });
  return {
    executionKind: "evm_same_chain" as const,
    children,
    payees: children.map((c) => c.payee),
    amounts: children.map((c) => c.amount),
    references: legs.map(({ child }) => child.reference),
  };
}
