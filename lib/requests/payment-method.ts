// Which contract pays a request, from its invoice and payment currencies. Pure: no I/O.
import {
  type Currency,
  isConversionRoute,
  isFiat,
  isNative,
  isSameAsset,
  SUPPORTED_FIAT_INVOICE,
} from "../chains/currencies";

export type PaymentMethod =
  | "erc20" // ERC20FeeProxy, invoice and payment in the same token
  | "native" // EthereumFeeProxy, the chain's own coin
  | "erc20-conversion" // Erc20ConversionProxy, a fiat amount paid in a stablecoin at the Chainlink rate
  | "native-conversion" // EthConversionProxy, a fiat amount paid in the chain's own coin at the Chainlink rate
  | "trc20" // Tron's ERC20FeeProxy
  | "trc20-conversion"; // Tron's ERC20FeeProxy, a fiat amount priced at pay time by a recorded quote (tron-quotes.ts)

export type MethodResult =
  | { ok: true; method: PaymentMethod }
  | { ok: false; field: "invoiceCurrency" | "paymentCurrency"; message: string };

const routesHint = (invoice: Currency) => `see GET /v2/currencies/${invoice.id}/conversion-routes`;

function unsupportedFiat(invoice: Currency): MethodResult {
  return {
    ok: false,
    field: "invoiceCurrency",
    message: `${invoice.id} is not a supported invoice currency; use a token or one of ${SUPPORTED_FIAT_INVOICE.join(", ")}`,
  };
}

export function paymentMethodFor(invoice: Currency, payment: Currency): MethodResult {
  if (isFiat(payment))
    return {
      ok: false,
      field: "paymentCurrency",
      message: `${payment.id} is a fiat currency; pay in a token such as USDC-base`,
    };

  if (payment.network === "tron") {
    if (payment.type !== "TRC20")
      return {
        ok: false,
        field: "paymentCurrency",
        message: `${payment.id} cannot be paid on Tron; use USDT-tron or USDC-tron`,
      };
    if (isSameAsset(invoice, payment)) return { ok: true, method: "trc20" };
    if (isFiat(invoice)) {
      if (!(SUPPORTED_FIAT_INVOICE as readonly string[]).includes(invoice.id)) return unsupportedFiat(invoice);
      if (isConversionRoute(invoice, payment)) return { ok: true, method: "trc20-conversion" };
      return {
        ok: false,
        field: "paymentCurrency",
        message: `${payment.id} is not a conversion route of ${invoice.id} (${routesHint(invoice)})`,
      };
    }
    return {
      ok: false,
      field: "invoiceCurrency",
      message: `A request invoiced in ${invoice.id} cannot be paid in ${payment.id}`,
    };
  }

  if (isSameAsset(invoice, payment)) return { ok: true, method: isNative(payment) ? "native" : "erc20" };

  if (isFiat(invoice)) {
    if (!(SUPPORTED_FIAT_INVOICE as readonly string[]).includes(invoice.id)) return unsupportedFiat(invoice);
    if (isNative(payment)) return { ok: true, method: "native-conversion" };
    if (isConversionRoute(invoice, payment)) return { ok: true, method: "erc20-conversion" };
    return {
      ok: false,
      field: "paymentCurrency",
      message: `${payment.id} is not a conversion route of ${invoice.id} (${routesHint(invoice)})`,
    };
  }

  return {
    ok: false,
    field: "paymentCurrency",
    message: `A request invoiced in ${invoice.id} is paid in ${invoice.id} itself, not in ${payment.id}`,
  };
}
