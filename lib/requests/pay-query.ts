// Query parameters of GET /v2/request/{id}/pay and /routes, and the options they resolve to.
// The parameters of the payment options (crosschain, off-ramp) are declared here too: they are
// the operation's contract, which requests publishes; the options read them (payment-options.ts).
// Crosschain parameters naming the request's own chain are checked here, so that they are
// refused clearly instead of being ignored (which would answer a payment not asked for).
import { z } from "zod";
import { getCurrency, isSameAsset } from "../chains/currencies";
import { badRequest, validationError } from "../http/errors";
import type { PayOptions } from "./build-pay-calldata";
import { CHAIN_NAME_VALUES, CHAIN_NAMES } from "./chain-names";
import { type Fee, parseFee } from "./fee";
import { feeForCall } from "./fee-for-call";
import { type RequestOwner } from "./request-owner";
import type { StoredRequest } from "./request-store";

const short = (max: number) => z.string().max(max, `must be at most ${max} characters`);

const feeQuery = {
  feePercentage: short(20)
    .optional()
    .describe('Fee added on top of the amount, in percent: "2.5" = 2.5 %, at most 2 decimal places; needs feeAddress'),
  feeAddress: short(100).optional().describe("Wallet receiving the fee, on the request's network"),
};

export const payQuery = z.object({
  wallet: short(100)
    .optional()
    .describe(
      "The payer's wallet: the approval is included only when its allowance is short, and balance and gas are checked",
    ),
  amount: short(100)
    .optional()
    .describe("Pay part of the request: human-readable amount in the invoice currency; default: what is still due"),
  chain: z
    .enum(CHAIN_NAME_VALUES, { message: `must be one of ${CHAIN_NAME_VALUES.join(", ")}` })
    .optional()
    .describe(
      "Source chain of a crosschain payment (with token and wallet): another chain than the request's answers a payment intent to sign",
    ),
  token: short(10).optional().describe("Source token of a crosschain payment (USDC, USDT), with chain"),
  clientUserId: short(200).optional().describe("Off-ramp payments: the payer (POST /v2/payer), who must be compliant"),
  paymentDetailsId: short(200).optional().describe("Off-ramp payments: the payer's bank account the fiat is sent to"),
  ...feeQuery,
});

// `wallet` is required, but checked after the request lookup (requireWallet) so that a caller
// learns nothing about another platform's request id from a validation error.
export const routesQuery = z.object({
  wallet: short(100).optional().describe("The payer's wallet, required: balances and gas are read for it"),
  amount: payQuery.shape.amount,
  ...feeQuery,
});

export type PayQuery = z.output<typeof payQuery>;
export type RoutesQuery = z.output<typeof routesQuery>;

/** `chain` + `token` naming the request's own chain: only its own token (crosschain asks, naming another chain, are served by lib/crosschain). */
export function refuseCrosschain(request: StoredRequest, query: Pick<PayQuery, "chain" | "token">): void {
  if (query.chain === undefined && query.token === undefined) return;
  if (query.chain === undefined || query.token === undefined) {
    throw validationError([
      { field: query.chain === undefined ? "chain" : "token", message: "chain and token are given together" },
    ]);
  }
  const own = CHAIN_NAMES[request.network];
  const payment = getCurrency(request.paymentCurrency);
  const source = getCurrency(`${query.token.toUpperCase()}-${request.network}`);
  const sameToken =
    payment !== undefined &&
    (payment.symbol.toUpperCase() === query.token.toUpperCase() ||
      (source !== undefined && isSameAsset(payment, source)));
  if (query.chain === own && sameToken) return;
  throw badRequest(
    "crosschain_unavailable",
    `A request for ${request.paymentCurrency} cannot be paid with another token on its own chain (${query.token.toUpperCase()} on ${own}); omit chain and token to pay in ${request.paymentCurrency}, or name another chain for a crosschain payment`,
  );
}

/** The fee of this call: the caller's client ID fee, else the query's, else the request's own. */
export async function resolveCallFee(
  owner: RequestOwner,
  request: StoredRequest,
  query: { feePercentage?: string; feeAddress?: string },
): Promise<Fee | null | undefined> {
  const parsed = parseFee(query.feePercentage, query.feeAddress, request.network);
  if (!parsed.ok) throw validationError(parsed.errors);
  const given = query.feePercentage === undefined && query.feeAddress === undefined ? undefined : parsed.fee;
  return feeForCall(owner, given);
}

export async function payOptionsOf(
  owner: RequestOwner,
  request: StoredRequest,
  query: Pick<PayQuery, "wallet" | "amount" | "feePercentage" | "feeAddress">,
): Promise<PayOptions> {
  return { wallet: query.wallet, amount: query.amount, fee: await resolveCallFee(owner, request, query) };
}

export function requireWallet(wallet: string | undefined): string {
  if (wallet === undefined || wallet.trim() === "")
    throw validationError([{ field: "wallet", message: "is required" }]);
  return wallet;
}
