import { z } from "zod";
import { conversionRoutes, findCurrencies, getCurrency } from "../chains/currencies";
import type { NetworkId } from "../chains/networks";
import { badRequest, notFound } from "../http/errors";
import { defineOperation } from "../http/operation";
import {
  conversionRoutesParams,
  conversionRoutesQuery,
  conversionRoutesResponse,
  currencySchema,
  listCurrenciesQuery,
} from "./schemas";

const TAGS = ["Currencies"];

export const listCurrencies = defineOperation({
  method: "GET",
  path: "/v2/currencies",
  summary: "List currencies",
  description:
    "All supported currencies, or those matching `network`, `symbol` and `id`. With `id`, or with `firstOnly=true` (needs `network` and `symbol`), the answer is one record instead of an array.",
  tags: TAGS,
  auth: ["apiKey", "clientId"],
  query: listCurrenciesQuery,
  response: z.union([z.array(currencySchema), currencySchema]),
  errors: { 400: "Unknown network or invalid firstOnly", 404: "No currency matches" },
  handler: async ({ query }) => {
    const found = findCurrencies({ network: query.network, symbol: query.symbol, id: query.id });
    const filtered = query.network || query.symbol || query.id;
    if (filtered && found.length === 0) throw notFound("token_not_found", "Token not found");
    if (query.id || query.firstOnly === "true") return found[0];
    return found;
  },
});

export const listConversionRoutes = defineOperation({
  method: "GET",
  path: "/v2/currencies/{currencyId}/conversion-routes",
  summary: "Conversion routes of a currency",
  description:
    "The payment currencies a request invoiced in `currencyId` can be paid with: for USD, EUR, CNY, GBP and JPY the stablecoins of every EVM network with a conversion proxy, and Tron's USDT and USDC (priced by a quote recorded at pay time); for a token, the token itself (and its USDT0 alias).",
  tags: TAGS,
  auth: ["apiKey", "clientId"],
  params: conversionRoutesParams,
  query: conversionRoutesQuery,
  response: conversionRoutesResponse,
  errors: { 400: "Unknown network", 404: "Unknown currency" },
  handler: async ({ params, query }) => {
    if (query.network && query.networks)
      throw badRequest("currency_filter_ambiguous", "Use either network or networks, not both");
    if (!getCurrency(params.currencyId)) throw notFound("token_not_found", "Token not found");
    if (query.networks) {
      const networks = query.networks as NetworkId[];
      return {
        currencyId: params.currencyId,
        networks,
        conversionRoutes: conversionRoutes(params.currencyId, networks) ?? [],
      };
    }
    const network = (query.network as NetworkId | undefined) ?? null;
    return {
      currencyId: params.currencyId,
      network,
      conversionRoutes: conversionRoutes(params.currencyId, network ? [network] : undefined) ?? [],
    };
  },
});
