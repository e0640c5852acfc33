// lib/client-ids's door for browser code: pure functions and constants (no I/O, no database), safe in
// the client bundle (docs/architecture.md "Domain walls"). Server code imports index.ts.
export { feePercentageToBasisPoints, normalizeFeePercentage } from "./fee-percentage";
