// The front door of lib/payouts: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export { buildBatch, TRON_BATCH_MESSAGE } from "./create-batch-payout";
