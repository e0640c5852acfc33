// How /pay and /routes answer, with the payment options other domains registered
// (payment-options.ts): an option that the query asks for answers instead of the same-chain
// calldata (crosschain); the others may refuse or record before it (off-ramp).
import { buildPayCalldata } from "./build-pay-calldata";
import { openDeposit } from "./deposit-address";
import { type PayQuery, payOptionsOf, type RoutesQuery, refuseCrosschain } from "./pay-query";
import { type OptionStatus, paymentOptions } from "./payment-options";
import { paymentRoutes, type RoutesResponse } from "./payment-routes";
import type { RequestOwner } from "./request-owner";
import type { StoredRequest } from "./request-store";
import type { PayAnswer } from "./schemas";

export async function payRequest(owner: RequestOwner, request: StoredRequest, query: PayQuery): Promise<PayAnswer> {
  const options = paymentOptions();
  for (const option of options) {
    const answer = await option.answer?.({ owner, request, query });
    if (answer) return answer;
  }
  refuseCrosschain(request, query);
  for (const option of options) await option.beforeCalldata?.({ owner, request, query });
  const calldata = await buildPayCalldata(request, await payOptionsOf(owner, request, query));
  // Additive: the same request can also be paid by a plain transfer to its deposit address.
  const deposit = openDeposit(request);
  return deposit ? { ...calldata, deposit } : calldata;
}

export async function requestRoutes(
  owner: RequestOwner,
  request: StoredRequest,
  query: RoutesQuery,
  wallet: string,
): Promise<RoutesResponse> {
  const same = await paymentRoutes(request, await payOptionsOf(owner, request, query));
  const more = [];
  for (const option of paymentOptions()) if (option.routes) more.push(...(await option.routes(request, wallet)));
  return { routes: [...same.routes, ...more] };
}

/** What the payment options add to the request's status (offRamp: null when none fills it). */
export async function optionStatus(requestId: string): Promise<Required<OptionStatus>> {
  const status: Required<OptionStatus> = { offRamp: null };
  for (const option of paymentOptions()) if (option.status) Object.assign(status, await option.status(requestId));
  return status;
}
