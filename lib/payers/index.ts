// The front door of lib/payers: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.

export type { OfframpRow, PayerListRow } from "./dashboard-view";
export { offrampPage, payersPage } from "./dashboard-view";
export { fiatLegSubscriber } from "./fiat-leg-subscriber";
export { offrampPaymentOption } from "./offramp-option";
export { reencryptPayerData } from "./payer-store";
export type { PayerPortalView } from "./portal-page";
export { loadPayerPortal } from "./portal-page";
