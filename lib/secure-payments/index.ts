// The front door of lib/secure-payments: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export { getBranding } from "./branding";
export { buildSecurePaymentCalls, buildSecurePaymentIntent } from "./build-secure-payment-calls";
export { paymentCallPolicy } from "./contract-policy";
export { createSecurePayment, securePaymentUrl } from "./create-secure-payment";
export { detectedPayments } from "./detected-payments";
export { checkReportedPayments } from "./failed-payments";
export { feeLegs } from "./fee-plan";
export type { LoadedSecurePayment } from "./load-secure-payment";
export { loadSecurePayment } from "./load-secure-payment";
export type { describeMulticall } from "./multicall-state";
export type { PageState } from "./page-state";
export { securePaymentPageState } from "./page-state";
export { recordIntent } from "./payment-intents";
export type { LinkState, PaymentLinkRow } from "./payment-links";
export { LINK_STATES, listPaymentLinks } from "./payment-links";
