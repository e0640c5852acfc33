// POST /v2/secure-payments/fees/preview: the fee plan a payment would get, with the same rules
// as creation (the creating client ID's fee, borne by the payer), and no side effects.
import { findCurrencies, getCurrency } from "../chains/currencies";
import { badRequest, validationError } from "../http/errors";
import { feeAmountOf, feeForCall, parseAmount } from "../requests";
import type { SecurePaymentCreator } from "./creator";
import { isUsdStablecoin, planOf } from "./fee-plan";
import type { FeePreviewBody } from "./schemas";

export async function previewFeePlan(creator: SecurePaymentCreator, body: FeePreviewBody) {
  const currency = getCurrency(body.currency) ?? findCurrencies({ symbol: body.currency })[0];
  if (!currency || !isUsdStablecoin(currency)) {
    throw badRequest(
      "token_not_found",
      `${JSON.stringify(body.currency)} is not a supported stablecoin: give a currency id (USDC-base) or a symbol (USDC, USDT)`,
    );
  }
  const amount = parseAmount(body.amount, currency.decimals, currency.symbol);
  if (!amount.ok) throw validationError([{ field: "amount", message: amount.message }]);
  const fee = (await feeForCall(creator, null)) ?? null;
  const fees = fee ? feeAmountOf(amount.value, fee.basisPoints) : 0n;
  return planOf({
    currency,
    gross: amount.value,
    fees,
    fee: fee && { basisPoints: fee.basisPoints, address: fee.address },
    flow: body.flow,
    defaultFeeBearer: body.defaultFeeBearer,
  });
}
