// The webhook events of a recorded payment (docs/interface.md "Events"): `payment.confirmed` for every
// payment, and the legacy `payment.partial` too while the request is not fully paid. Amounts
// are in the invoice currency; fees in the currency paid. Pure: no I/O.
import { formatUnits } from "viem";
import { type Currency, getCurrency } from "../chains/currencies";
import { explorerTxUrl } from "../chains/explorer";
import { sandboxExplorer } from "../chains/sandbox-explorer";
import type { SettlingRequest } from "../requests";
import { ON_CHAIN_PAYMENT_PROCESSOR, type OutgoingEvent, webhookEvent } from "../webhooks";

export interface RecordedPayment {
  request: SettlingRequest;
  paid: Currency;
  txHash: string;
  /** Invoice units this payment settles, and the request's total after it. */
  invoiceAmount: bigint;
  totalAmountPaid: bigint;
  feeAmount: bigint;
  feeAddress: string | null;
  payerAddress: string | null;
  payerEoaAddress: string | null;
  /** A crosschain payout: the source-chain pull behind it. */
  crosschain?: { sourceNetwork: string; sourceTxHash: string | null };
}

export function paymentEvents(p: RecordedPayment, now = new Date()): OutgoingEvent[] {
  const { request } = p;
  const invoice = getCurrency(request.invoiceCurrency);
  const decimals = invoice?.decimals ?? p.paid.decimals;
  const owner = {
    platformId: request.platformId,
    clientIdId: request.clientIdId,
    clientId: request.clientId,
    orchestratorId: request.orchestratorId,
  };
  const fields = {
    requestId: request.requestId,
    paymentReference: request.paymentReference,
    explorer: explorerTxUrl(request.network, p.txHash, sandboxExplorer()),
    amount: formatUnits(p.invoiceAmount, decimals),
    totalAmountPaid: formatUnits(p.totalAmountPaid, decimals),
    expectedAmount: formatUnits(request.expectedAmount, decimals),
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
    timestamp: now,
  };
  const confirmed = webhookEvent("payment.confirmed", owner, fields);
  return p.totalAmountPaid < request.expectedAmount
    ? [confirmed, webhookEvent("payment.partial", owner, fields)]
    : [confirmed];
}
