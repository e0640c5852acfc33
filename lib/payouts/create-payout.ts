// POST /v2/payouts: a one-time payment without a request created beforehand. The request is
// created and its calldata built in one call; it is stored only once the calldata could be
// built, so a payout that fails leaves nothing behind.

import { parseNetworkAddress, sameAddress } from "../addresses/wallet-address";
import { getCurrency } from "../chains/currencies";
import type { NetworkId } from "../chains/networks";
import { type FieldError, validationError } from "../http/errors";
import { createRecurringPayout } from "../recurring";
import type { RecurringPayoutAnswer } from "../recurring/schemas";
import {
  asStored,
  buildPayCalldata,
  type Fee,
  feeForCall,
  insertRequests,
  type PayCalldata,
  parseFee,
  prepareRequest,
  type RequestOwner,
} from "../requests";
import type { PayoutBody } from "./schemas";

export interface PayoutResult extends PayCalldata {
  requestId: string;
  paymentReference: string;
}

/** The network of a payment currency id, when it names a listed token or coin. */
export function networkOfCurrency(currencyId: string): NetworkId | undefined {
  const c = getCurrency(currencyId);
  return c && c.network !== "fiat" ? c.network : undefined;
}

export async function createPayout(
  owner: RequestOwner,
  body: PayoutBody,
): Promise<PayoutResult | RecurringPayoutAnswer> {
  if (body.recurrence !== undefined) return createRecurringPayout(owner, { ...body, recurrence: body.recurrence });
  const errors: FieldError[] = [];
  const network = networkOfCurrency(body.paymentCurrency);

  let fee: Fee | null = null;
  if (network) {
    const parsed = parseFee(body.feePercentage, body.feeAddress, network);
    if (parsed.ok) fee = parsed.fee;
    else errors.push(...parsed.errors);
  }

  if (body.payerWallet && body.payerAddress && !sameAddress(body.payerWallet, body.payerAddress)) {
    errors.push({ field: "payerAddress", message: "is an alias of payerWallet: give one, or the same address" });
  }
  const walletText = body.payerWallet ?? body.payerAddress;
  let wallet: string | undefined;
  if (walletText !== undefined && network) {
    const parsed = parseNetworkAddress(walletText, network, "payer wallet");
    if (!parsed.ok) errors.push({ field: body.payerWallet ? "payerWallet" : "payerAddress", message: parsed.message });
    else if (sameAddress(parsed.address, body.payee.trim()))
      errors.push({ field: body.payerWallet ? "payerWallet" : "payerAddress", message: "must differ from the payee" });
    else wallet = parsed.address;
  }

  const prepared = prepareRequest(
    {
      payee: body.payee,
      amount: body.amount,
      invoiceCurrency: body.invoiceCurrency,
      paymentCurrency: body.paymentCurrency,
      customerInfo: body.customerInfo,
      reference: body.reference,
      payer: wallet,
    },
    { ...owner, fee: (await feeForCall(owner, fee)) ?? null },
  );
  if (!prepared.ok) errors.push(...prepared.errors);
  if (errors.length > 0 || !prepared.ok) throw validationError(errors);

  const calldata = await buildPayCalldata(asStored(prepared.request), { wallet });
  await insertRequests([prepared.request]);
  return { requestId: prepared.request.requestId, paymentReference: prepared.request.paymentReference, ...calldata };
}
