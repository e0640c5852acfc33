// lib/requests's door for browser code: pure functions and constants (no I/O, no database), safe in
// the client bundle (docs/architecture.md "Domain walls"). Server code imports index.ts.
export type { EvmTransaction } from "./encode-payment";
export { storedFee } from "./fee";
export { CHAINLINK_DECIMALS, feeAmountOf, toChainlinkUnits } from "./payment-maths";
