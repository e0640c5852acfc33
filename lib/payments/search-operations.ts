// GET /v2/payments: the platform's payments matching every given filter (at least one).
import type { Caller } from "../http/caller";
import { unauthorized } from "../http/errors";
import { defineOperation } from "../http/operation";
import { searchPayments } from "./search-payments";
import { paymentSearchQuery, toPaymentFilter } from "./search-query";
import { describeSearchResult, paymentSearchResponse } from "./search-response";

/** Whoever calls, the search reads only the caller's own platform. */
function platformOf(caller: Caller): string {
  if (caller.kind === "apiKey" || caller.kind === "clientId" || caller.kind === "session") return caller.platformId;
  throw unauthorized();
}

export const searchPaymentsOperation = defineOperation({
  method: "GET",
  path: "/v2/payments",
  summary: "Search payments",
  description:
    "The platform's payments matching every given filter (AND), newest first (by block time). At least one filter is required; limit and offset (or cursor) only page. " +
    "`txHash` and `walletAddress` answer every payment of a batch transaction that matches. `walletAddress` matches the payer (smart account or EOA) and the payee; " +
    "EVM addresses match in any letter case. Currencies take an id (`USDC-base`) or a symbol (`USDC`, every network's). `pagination.total` is the exact number of matches. " +
    "Deep pages: follow `pagination.nextCursor` with `cursor` (keyset pagination: every page as fast as the first) instead of a large offset.",
  tags: ["Payments"],
  auth: ["apiKey", "clientId", "session"],
  query: paymentSearchQuery,
  response: paymentSearchResponse,
  errors: {
    400: "Validation failed: no filter given, an unknown parameter, a malformed hash, address, reference or date, toDate before fromDate, limit or offset out of bounds, a cursor not from this search or given with offset",
  },
  handler: async ({ caller, query }) => {
    const { filter, page } = toPaymentFilter(query);
    return describeSearchResult(await searchPayments(platformOf(caller), filter, page), filter, page);
  },
});
