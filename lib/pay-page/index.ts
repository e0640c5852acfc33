// The front door of lib/pay-page: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export type { PageIntentProgress } from "./crosschain";
export type { PageDeposit } from "./deposit";
export { pageDeposit } from "./deposit";
export { formatMoney, unitsToDecimal } from "./format";
export { loadPayPage } from "./load-pay-page";
export type { PagePaymentProgress } from "./operations";
export { pageBranding } from "./page-branding";
export { checkoutProps } from "./pay-page-view";
