// The composition root of /pay and a request's status: the payment options other domains
// provide, in the order requests asks them, and the payments ledger
// (docs/decisions/payment-options.md). Requests imports none of them; this module registers them
// when it is loaded, and lib/api/route.ts (every operation's wrapper) and lib/test/setup.ts load
// it first. /pay without it throws.
import { crosschainPaymentOption } from "../crosschain";
import { offrampPaymentOption } from "../payers";
import { paymentsOfRequest, refundsOfRequest } from "../payments";
import { setPaymentLedger, setPaymentOptions, setRefundLedger } from "../requests";

const PAYMENT_OPTIONS = [
  // Answers /pay itself when chain + token name another chain; adds its routes to /routes.
  crosschainPaymentOption,
  // Binds the payer before a crypto-to-fiat request's calldata; fills the status's offRamp.
  offrampPaymentOption,
];

setPaymentOptions(PAYMENT_OPTIONS);
// A request's status lists its payments, which payments owns (lib/requests/payment-ledger.ts).
setPaymentLedger(paymentsOfRequest);
// …and its refunds (lib/payments/record-refunds.ts).
setRefundLedger(refundsOfRequest);
