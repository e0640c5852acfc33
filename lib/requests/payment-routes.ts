// GET /v2/request/{id}/routes: the ways a payer can pay a request. The same-chain route, with its
// fees: the platform fee and the gas simulated for the payer's wallet (crosschain routes are
// added by lib/crosschain/crosschain-routes.ts).
import { formatUnits } from "viem";
import { z } from "zod";
import { NETWORKS } from "../chains/networks";
import { type PayOptions, type PayQuote, quotePayment } from "./build-pay-calldata";
import { CHAIN_NAMES } from "./chain-names";
import type { StoredRequest } from "./request-store";

/** The id integrations of the published interface know the direct route by. */
export const SAME_CHAIN_ROUTE_ID = "REQUEST_NETWORK_PAYMENT";

const feeItem = z.object({
  type: z
    .enum(["gas", "platform", "crosschain"])
    .describe("crosschain: the operator's fee of a crosschain route (its gas on the destination included)"),
  stage: z.enum(["sending"]),
  provider: z.string(),
  amount: z.string().describe("Human-readable, in `currency`"),
  currency: z.string(),
  receiverAddress: z.string().optional(),
  network: z.string(),
});

export const routesResponse = z
  .object({
    routes: z.array(
      z.object({
        id: z.string(),
        fee: z
          .number()
          .describe("Platform fee (crosschain: the operator's fee) as a fraction of the amount (0.025 = 2.5 %)"),
        feeBreakdown: z.array(feeItem),
        speed: z
          .union([z.string(), z.number()])
          .describe(
            "FAST for a same-chain payment; for a crosschain route the expected seconds from signature to payout",
          ),
        price_impact: z.number(),
        chain: z.string(),
        token: z.string(),
      }),
    ),
  })
  .meta({ id: "PaymentRoutes" });

export type RoutesResponse = z.output<typeof routesResponse>;

export function routesOf(quote: PayQuote): RoutesResponse {
  const network = quote.network;
  const breakdown: z.output<typeof feeItem>[] = [];
  if (quote.fee && quote.feeAmount > 0n) {
    breakdown.push({
      type: "platform",
      stage: "sending",
      provider: "platform",
      amount: formatUnits(quote.feeAmount, quote.token.decimals),
      currency: quote.token.symbol,
      receiverAddress: quote.fee.address,
      network,
    });
  }
  if (quote.checks.gas !== undefined && quote.checks.gasPrice !== undefined) {
    breakdown.push({
      type: "gas",
      stage: "sending",
      provider: network,
      amount: formatUnits(quote.checks.gas * quote.checks.gasPrice, 18),
      currency: NETWORKS[network].nativeSymbol,
      network,
    });
  }
  return {
    routes: [
      {
        id: SAME_CHAIN_ROUTE_ID,
        fee: quote.fee ? quote.fee.basisPoints / 10_000 : 0,
        feeBreakdown: breakdown,
        speed: "FAST",
        price_impact: 0,
        chain: CHAIN_NAMES[network],
        token: quote.token.symbol,
      },
    ],
  };
}

export async function paymentRoutes(request: StoredRequest, options: PayOptions): Promise<RoutesResponse> {
  return routesOf(await quotePayment(request, options));
}
