// The front door of lib/crosschain: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export { crosschainRoutes } from "./crosschain-routes";
export { deployGateway } from "./deploy-gateway";
export { intentProgress } from "./intent-progress";
export type { Liquidity } from "./liquidity";
export { dashboardLiquidity } from "./liquidity";
export { crosschainPagePolicy } from "./page-policy";
export { crosschainPaymentOption } from "./payment-option";
export { payoutSourceSubscriber } from "./payout-source";
export type { CrosschainQuote } from "./quote-intent";
export { isCrosschainAsk, quoteIntent } from "./quote-intent";
export { settleOpenIntents } from "./settle-intents";
export type { IntentSubmission } from "./submit-intent";
export { submitIntent } from "./submit-intent";
