// lib/payee-destinations's door for browser code: pure functions and constants (no I/O, no database), safe in
// the client bundle (docs/architecture.md "Domain walls"). Server code imports index.ts.

export type { DestinationSymbol } from "./destination-tokens";
export { destinationSymbol, destinationTokens } from "./destination-tokens";
export { structTypes } from "./signing-typed-data";
