// lib/crosschain's door for browser code: pure functions and constants (no I/O, no database), safe in
// the client bundle (docs/architecture.md "Domain walls"). Server code imports index.ts.

export type {
  CheckedIntent,
  CrosschainAnswer,
  CrosschainPolicy,
  CrosschainSource,
  SignableTypedData,
} from "./intent-check";
export { checkCrosschainIntent, decimalUnits } from "./intent-check";
