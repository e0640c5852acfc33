// The fee plan of a secure payment (openapi `feePlan`, SERVICE.md §2.9): the platform fee of
// the client ID it was created with, stored on its requests at creation and so fixed from
// then on. The payer bears it, on top of the amount. USD figures are the stablecoin amounts
// (USDC/USDT count 1:1); a fee plan exists only for a single stablecoin currency. Pure.
import { formatUnits } from "viem";
import { getCurrency } from "../chains/currencies";
import { storedFee } from "../requests/fee";
import { feeAmountOf } from "../requests/payment-maths";
import type { StoredRequest } from "../requests/request-store";
import type { FeePlan } from "./schemas";

const USD_STABLECOINS = new Set(["USDC", "USDT", "USDT0", "USDbC"]);

export interface FeeLeg {
  requestId: string;
  amount: bigint;
  recipient: string;
  basisPoints: number;
}

/** Per request: the fee amount in the token's smallest unit and where it goes. */
export function feeLegs(requests: readonly StoredRequest[]): FeeLeg[] {
  return requests.flatMap((r) => {
    const fee = storedFee(r.feePercentage, r.feeAddress);
    return fee ? [{ requestId: r.requestId, amount: feeAmountOf(r.expectedAmount, fee.basisPoints), recipient: fee.address, basisPoints: fee.basisPoints }] : [];
  });
}

export function feePlanOf(requests: readonly StoredRequest[]): FeePlan {
  const currencies = new Set(requests.map((r) => r.paymentCurrency));
  if (currencies.size !== 1) return null;
  const currency = getCurrency(requests[0].paymentCurrency);
  if (!currency || !USD_STABLECOINS.has(currency.symbol) || requests.some((r) => r.invoiceCurrency !== r.paymentCurrency)) return null;
  const legs = feeLegs(requests);
  if (legs.length === 0) return null;
  const usd = (v: bigint) => formatUnits(v, currency.decimals);
  const gross = requests.reduce((s, r) => s + r.expectedAmount, 0n);
  const fees = legs.reduce((s, l) => s + l.amount, 0n);
  const tron = currency.network === "tron";
  return {
    version: 1,
    flow: "get_paid",
    defaultFeeBearer: "payer",
    grossAmountUsd: usd(gross),
    netRecipientAmountUsd: usd(gross),
    payerTotalAmountUsd: usd(gross + fees),
    totalFeesUsd: usd(fees),
    payeeBorneFeesUsd: "0",
    payerBorneFeesUsd: usd(fees),
    fees: [
      {
        type: "platform",
        label: "Platform fee",
        feeBearer: "payer",
        feeBearerSource: "fee_config",
        percentageBps: legs[0].basisPoints,
        capUsd: null,
        fixedAmountUsd: null,
        calculatedAmountUsd: usd(fees),
        destinationResolver: "client_id_fee_address",
        destinationRef: tron ? { tronAddress: legs[0].recipient } : { evmAddress: legs[0].recipient },
        configSource: "client_id",
      },
    ],
  };
}
