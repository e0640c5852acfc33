// Payment options (docs/decisions/payment-options.md): ways of paying a request that another
// domain provides (crosschain intents, off-ramp payers), plugged into /pay, /routes and the
// request's status. Requests declares those operations and their whole contract (query,
// answers, errors) and imports none of the options: lib/wiring/payment-options.ts registers
// them, and every operation runs through lib/api/route.ts, which loads it first.

import type { PayQuery } from "./pay-query";
import type { RoutesResponse } from "./payment-routes";
import type { RequestOwner } from "./request-owner";
import type { StoredRequest } from "./request-store";
import type { PayAnswer, RequestStatusAnswer } from "./schemas";

export interface PayContext {
  owner: RequestOwner;
  request: StoredRequest;
  query: PayQuery;
}

export interface PaymentOption {
  /** Names the option in the docs and in the wiring. */
  readonly name: string;
  /** /pay: an answer in place of the same-chain calldata when the query asks for this option; else null. */
  answer?(ctx: PayContext): Promise<PayAnswer | null>;
  /** /pay, before the same-chain calldata: refuses, or records what the option needs (off-ramp: binds the payer). */
  beforeCalldata?(ctx: PayContext): Promise<void>;
  /** /routes: the option's routes, after the same-chain one. */
  routes?(request: StoredRequest, wallet: string): Promise<RoutesResponse["routes"]>;
  /** GET /v2/request/{id}: the status fields this option fills. */
  status?(requestId: string): Promise<OptionStatus>;
}

/** The fields of a request's status that belong to a payment option. */
export type OptionStatus = Partial<Pick<RequestStatusAnswer, "offRamp">>;

let registered: readonly PaymentOption[] | null = null;

/** The composition root's one call (lib/wiring/payment-options.ts); options are asked in this order. */
export function setPaymentOptions(options: readonly PaymentOption[]): void {
  registered = options;
}

export function paymentOptions(): readonly PaymentOption[] {
  // Without them /pay would answer same-chain calldata to a crosschain or off-ramp ask.
  if (!registered)
    throw new Error(
      "Payment options are not registered: import lib/wiring/payment-options.ts in the process's start-up path",
    );
  return registered;
}
