// The front door of lib/payments: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export { startPaymentDetection } from "./indexer/start-detection";
export { paymentConfirmedEvent } from "./payment-events";
export type { PaymentFacts, PaymentSubscriber } from "./payment-recorded";
export { setPaymentSubscribers } from "./payment-recorded";
export type { DailyVolume } from "./payment-volume";
export { dailyVolume } from "./payment-volume";
export { paymentWebhooks } from "./payment-webhooks";
export { refundsOfRequest } from "./record-refunds";
export { describeRefunds } from "./refund-ledger";
export { paymentsOfRequest } from "./request-payments";
export type { FoundPayment } from "./search-payments";
export { searchPayments } from "./search-payments";
export type { PageAfter, PaymentFilter, PaymentOrder, PaymentPage, PaymentSearchQuery } from "./search-query";
export { FILTER_NAMES, PAYMENT_ORDERS, PAYMENT_TYPES, paymentSearchFields, toPaymentFilter } from "./search-query";
export type { FoundPaymentJson } from "./search-response";
export { describeFoundPayment, foundPaymentSchema } from "./search-response";
