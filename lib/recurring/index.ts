// The front door of lib/recurring: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export { createRecurringPayout } from "./create-recurring-payout";
export type { SubscriptionRow } from "./list-schedules";
export { listSubscriptions } from "./list-schedules";
export { startRecurringRelayer } from "./relayer";
