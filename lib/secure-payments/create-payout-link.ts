// POST /v2/secure-payments/payouts: a payout link, which the platform's own wallet pays to a
// recipient, stored like every link (create-secure-payment.ts).

import { parseWalletAddress } from "../addresses/wallet-address";
import { findCurrencies, getCurrency } from "../chains/currencies";
import { NETWORKS, type NetworkId } from "../chains/networks";
import { type FieldError, validationError } from "../http/errors";
import { feeForCall, prepareRequest } from "../requests";
import { store } from "./create-secure-payment";
import type { SecurePaymentCreator } from "./creator";
import { type CreatedSecurePaymentAnswer, type CreateSecurePayoutBody } from "./schemas";

function payoutCurrency(body: CreateSecurePayoutBody) {
  const network = body.network.trim().toLowerCase();
  if (!(network in NETWORKS))
    throw validationError([
      {
        field: "network",
        message: `unknown network ${JSON.stringify(body.network)}; one of ${Object.keys(NETWORKS).join(", ")}`,
      },
    ]);
  // A symbol is its network's token of that symbol: USDC on optimism and matic is `USDCn-…`.
  const currency =
    getCurrency(body.currency) ??
    getCurrency(`${body.currency}-${network}`) ??
    findCurrencies({ network, symbol: body.currency })[0];
  if (!currency || currency.network !== network) {
    throw validationError([
      {
        field: "currency",
        message: `no currency ${JSON.stringify(body.currency)} on ${network}; see GET /v2/currencies?network=${network}`,
      },
    ]);
  }
  return { network: network as NetworkId, currency };
}

/** POST /v2/secure-payments/payouts: a payout link the platform's own wallet pays. */
export async function createSecurePayout(
  creator: SecurePaymentCreator,
  body: CreateSecurePayoutBody,
  now = new Date(),
): Promise<CreatedSecurePaymentAnswer> {
  const { network, currency } = payoutCurrency(body);
  const errors: FieldError[] = [];
  if (!parseWalletAddress(body.creatorWalletAddress.trim()))
    errors.push({ field: "creatorWalletAddress", message: "is not an EVM or Tron address" });
  const fee = (await feeForCall(creator, null)) ?? null;
  const prepared = prepareRequest(
    {
      amount: body.amount,
      invoiceCurrency: currency.id,
      paymentCurrency: currency.id,
      payee: body.recipient,
      reference: body.reference,
    },
    { ...creator, fee, now },
  );
  if (!prepared.ok)
    errors.push(...prepared.errors.map((e) => (e.field === "payee" ? { ...e, field: "recipient" } : e)));
  return store(creator, "payouts", prepared.ok ? [prepared.request] : [], body, network, now, errors);
}
