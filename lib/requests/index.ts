// The front door of lib/requests: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.

export type { PayCalldata, PayQuote } from "./build-pay-calldata";
export { buildPayCalldata, quotePayment, toPayCalldata, transactionOrder } from "./build-pay-calldata";
export { CHAIN_NAMES } from "./chain-names";
export { createRequest, prepareRequest } from "./create-request";
export { reencryptCustomerInfo, sealClearCustomerInfo } from "./customer-info";
export type { DepositInstructions } from "./deposit-address";
export { openDeposit } from "./deposit-address";
export { startDepositForwarder } from "./deposit-forwarder";
export { approvalTransactions } from "./encode-payment";
export type { Fee } from "./fee";
export { parseFee, storedFee } from "./fee";
export { feeForCall } from "./fee-for-call";
export type { OccurrenceRow } from "./occurrence-store";
export { listOccurrences } from "./occurrence-store";
export { isOfframpRequest } from "./offramp-deposit";
export type { PayQuery } from "./pay-query";
export type { StoredPayment, StoredRefund } from "./payment-ledger";
export { setPaymentLedger, setRefundLedger } from "./payment-ledger";
export { bigNumberValue, conversionAmounts, feeAmountOf, parseAmount } from "./payment-maths";
export { paymentMethodFor } from "./payment-method";
export type { PaymentOption } from "./payment-options";
export { setPaymentOptions } from "./payment-options";
export { isRequestId } from "./payment-reference";
export type { RoutesResponse } from "./payment-routes";
export { routesResponse } from "./payment-routes";
export { startRecurringInvoices } from "./recurring-invoices";
export { buildRefundCalldata, refundAddressOf } from "./refund-calldata";
export type { RequestOwner } from "./request-owner";
export { requestOwner } from "./request-owner";
export { describeRequest, hasBeenPaid } from "./request-status";
export type { NewStoredRequest, RequestColumns, RequestStatus, StoredRequest } from "./request-store";
export {
  asStored,
  customerInfoOfColumns,
  findRequest,
  findRequests,
  insertRequests,
  joinRequestSql,
  paymentReferenceHash,
  REQUEST_COLUMNS_SQL,
  REQUEST_PAYMENT_CURRENCY_SQL,
  requestIdsWithSql,
  requestsStateSql,
  setRecurrenceStopped,
} from "./request-store";
export type { SettlingRefund, SettlingRequest } from "./settlement-store";
export {
  backfillReferenceHashes,
  knownReferenceHashes,
  lockRequests,
  lockRequestsByReferenceHash,
  lockRequestsByRefundReferenceHash,
  setAmountsPaid,
} from "./settlement-store";
export type { TronQuote } from "./tron-quotes";
export { tronQuoteCredit, tronQuotesOf } from "./tron-quotes";
