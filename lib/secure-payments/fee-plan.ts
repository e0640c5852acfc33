// The fee plan of a secure payment (`feePlan` in `/docs`): the platform fee of
// the client ID it was created with, stored on its requests at creation and so fixed from
// then on. The payer bears it, on top of the amount. USD figures are the stablecoin amounts
// (USDC/USDT count 1:1); a fee plan exists only for a single stablecoin currency. Pure.
import { formatUnits } from "viem";
import { type Currency, getCurrency } from "../chains/currencies";
import type { StoredRequest } from "../requests";
import { feeAmountOf, storedFee } from "../requests/browser";
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
    return fee
      ? [
          {
            requestId: r.requestId,
            amount: feeAmountOf(r.expectedAmount, fee.basisPoints),
            recipient: fee.address,
            basisPoints: fee.basisPoints,
          },
        ]
      : [];
  });
}

export function feePlanOf(requests: readonly StoredRequest[]): FeePlan {
  const currencies = new Set(requests.map((r) => r.paymentCurrency));
  if (currencies.size !== 1) return null;
  const currency = getCurrency(requests[0].paymentCurrency);
  if (!currency || !isUsdStablecoin(currency) || requests.some((r) => r.invoiceCurrency !== r.paymentCurrency))
    return null;
  const legs = feeLegs(requests);
  if (legs.length === 0) return null;
  const gross = requests.reduce((s, r) => s + r.expectedAmount, 0n);
  const fees = legs.reduce((s, l) => s + l.amount, 0n);
  return planOf({ currency, gross, fees, fee: { basisPoints: legs[0].basisPoints, address: legs[0].recipient } });
}

export const isUsdStablecoin = (currency: Currency) => USD_STABLECOINS.has(currency.symbol);

/**
 * The plan for `gross` in a USD stablecoin with `fees` on top (the client ID's fee, borne by
 * the payer: its fee config says so, which wins over a payment's `defaultFeeBearer`).
 */
export function planOf(p: {
  currency: Currency;
  gross: bigint;
  fees: bigint;
  fee: { basisPoints: number; address: string } | null;
  flow?: "get_paid" | "pay";
  defaultFeeBearer?: "payer" | "payee";
}): NonNullable<FeePlan> {
  const usd = (v: bigint) => formatUnits(v, p.currency.decimals);
  const tron = p.currency.network === "tron";
  return {
    version: 1,
    flow: p.flow ?? "get_paid",
    defaultFeeBearer: p.defaultFeeBearer ?? "payer",
    grossAmountUsd: usd(p.gross),
    netRecipientAmountUsd: usd(p.gross),
    payerTotalAmountUsd: usd(p.gross + p.fees),
    totalFeesUsd: usd(p.fees),
    payeeBorneFeesUsd: "0",
    payerBorneFeesUsd: usd(p.fees),
    fees: p.fee
      ? [
          {
            type: "platform",
            label: "Platform fee",
            feeBearer: "payer",
            feeBearerSource: "fee_config",
            percentageBps: p.fee.basisPoints,
            capUsd: null,
            fixedAmountUsd: null,
            calculatedAmountUsd: usd(p.fees),
            destinationResolver: "client_id_fee_address",
            destinationRef: tron ? { tronAddress: p.fee.address } : { evmAddress: p.fee.address },
            configSource: "client_id",
          },
        ]
      : [],
  };
}
