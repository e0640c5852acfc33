// Whether a detected payment pays a request, and how much of it it settles. A payment
// reference is public once paid, so anyone can emit an event with it: only a payment to the
// request's payee, in its payment currency (or, for a fiat invoice, in a token converting from
// that fiat), counts. On Tron a fiat invoice is paid by a plain token payment priced by the
// request's recorded quotes (lib/requests/tron-quotes.ts). Pure: no I/O.
import { formatUnits } from "viem";
import { sameAddress } from "../addresses/wallet-address";
import {
  type Currency,
  currencyHash,
  getCurrency,
  isFiat,
  isNative,
  isSameAsset,
  nativeCurrencyOf,
  tokenByAddress,
} from "../chains/currencies";
import { type TronQuote, tronQuoteCredit } from "../requests";
import { CHAINLINK_DECIMALS, toChainlinkUnits } from "../requests/browser";
import type { DetectedPayment } from "./detected-payment";

export interface PayableRequest {
  network: string;
  payee: string;
  invoiceCurrency: string;
  paymentCurrency: string;
}

export type Match =
  | { ok: true; paid: Currency; invoiceAmount: bigint; conversionRate: string | null }
  | { ok: false; reason: string };

function paidCurrency(p: DetectedPayment): Currency | undefined {
  return p.tokenAddress === null ? nativeCurrencyOf(p.network) : tokenByAddress(p.network, p.tokenAddress);
}

export function matchPayment(request: PayableRequest, p: DetectedPayment, quotes: readonly TronQuote[] = []): Match {
  if (request.network !== p.network) return { ok: false, reason: "another network" };
  if (!sameAddress(request.payee, p.to)) return { ok: false, reason: "not paid to the payee" };
  const invoice = getCurrency(request.invoiceCurrency);
  const expected = getCurrency(request.paymentCurrency);
  const paid = paidCurrency(p);
  if (!invoice || !expected || !paid) return { ok: false, reason: "unlisted currency" };
  if (!isSameAsset(expected, paid) && expected.id !== paid.id)
    return { ok: false, reason: `paid in ${paid.id}, expected ${expected.id}` };

  if (!p.conversion && p.network === "tron" && isFiat(invoice)) {
    const credit = tronQuoteCredit(quotes, p.amount, p.blockTime);
    if (!credit) return { ok: false, reason: "no quote of this request was ever answered" };
    const requestAmount = toChainlinkUnits(credit.invoiceAmount, invoice.decimals);
    return {
      ok: true,
      paid,
      invoiceAmount: credit.invoiceAmount,
      conversionRate: conversionRate(p.amount, paid.decimals, requestAmount),
    };
  }
  if (!p.conversion) {
    if (!isSameAsset(invoice, paid)) return { ok: false, reason: `a ${invoice.id} invoice needs a conversion payment` };
    return { ok: true, paid, invoiceAmount: p.amount, conversionRate: null };
  }
  if (p.conversion.currencyHash.toLowerCase() !== currencyHash(invoice).toLowerCase())
    return { ok: false, reason: "converted from another currency" };
  if (isNative(invoice) || invoice.decimals > CHAINLINK_DECIMALS) return { ok: false, reason: "not a fiat invoice" };
  const scale = 10n ** BigInt(CHAINLINK_DECIMALS - invoice.decimals);
  const invoiceAmount = p.conversion.requestAmount / scale;
  return {
    ok: true,
    paid,
    invoiceAmount,
    conversionRate: conversionRate(p.amount, paid.decimals, p.conversion.requestAmount),
  };
}

/** Token units paid per invoice unit (e.g. 0.9998 USDC per USD), 18 significant decimals. */
export function conversionRate(tokenAmount: bigint, tokenDecimals: number, requestAmount: bigint): string | null {
  if (requestAmount === 0n) return null;
  const scaled =
    (tokenAmount * 10n ** BigInt(CHAINLINK_DECIMALS + 18)) / (requestAmount * 10n ** BigInt(tokenDecimals));
  return formatUnits(scaled, 18);
}
