// The webhook events of a recorded payment (docs/interface.md "Events"): `payment.confirmed` for every
// payment, and the legacy `payment.partial` too while the request is not fully paid. Amounts
// are in the invoice currency; fees in the currency paid. Pure: no I/O.
import { formatUnits } from "viem";
import { getCurrency } from "../chains/currencies";
import { explorerTxUrl } from "../chains/explorer";
import { sandboxExplorer } from "../chains/sandbox-explorer";
import { ON_CHAIN_PAYMENT_PROCESSOR, type OutgoingEvent, webhookEvent } from "../webhooks";
import type { PaymentRecorded } from "./payment-recorded";

/** `payment.confirmed` of a payment: sent at once, or held and sent by the subscriber that holds it. */
export function paymentConfirmedEvent(p: PaymentRecorded): OutgoingEvent<"payment.confirmed"> {
  return webhookEvent("payment.confirmed", p.owner, paymentFields(p));
}

/** `payment.confirmed`, and `payment.partial` while the request is not fully paid. */
export function paymentEvents(p: PaymentRecorded): OutgoingEvent[] {
  const confirmed = paymentConfirmedEvent(p);
  return p.totalAmountPaid < p.request.expectedAmount
    ? [confirmed, webhookEvent("payment.partial", p.owner, paymentFields(p))]
    : [confirmed];
}

function paymentFields(p: PaymentRecorded) {
  const { request } = p;
  const invoice = getCurrency(request.invoiceCurrency);
  const decimals = invoice?.decimals ?? p.paid.decimals;
  return {
    requestId: request.requestId,
    paymentReference: request.paymentReference,
    explorer: explorerTxUrl(request.network, p.txHash, sandboxExplorer()),
    amount: formatUnits(p.invoiceAmount, decimals),
    totalAmountPaid: formatUnits(p.totalAmountPaid, decimals),
    expectedAmount: formatUnits(request.expectedAmount, decimals),
    excessAmount: formatUnits(
      p.totalAmountPaid > request.expectedAmount ? p.totalAmountPaid - request.expectedAmount : 0n,
      decimals,
    ),
    txHash: p.txHash,
    payerAddress: p.payerAddress,
    payerEoaAddress: p.payerEoaAddress,
    network: request.network,
    currency: invoice?.symbol ?? request.invoiceCurrency,
    paymentCurrency: p.paid.id,
    // Detected on chain: no off-ramp leg, so no crypto-to-fiat step either.
    isCryptoToFiat: false,
    subStatus: "",
    paymentProcessor: ON_CHAIN_PAYMENT_PROCESSOR,
    fees:
      p.feeAmount > 0n
        ? [
            {
              type: "platform",
              amount: formatUnits(p.feeAmount, p.paid.decimals),
              currency: p.paid.symbol,
              address: p.feeAddress,
            },
          ]
        : [],
    reference: request.reference,
    customerInfo: request.customerInfo,
    origin: request.origin,
    crosschain: p.crosschain ? { ...p.crosschain, destinationTxHash: p.txHash } : undefined,
    timestamp: p.recordedAt,
  };
}
