// lib/secure-payments's door for browser code: pure functions and constants (no I/O, no database), safe in
// the client bundle (docs/architecture.md "Domain walls"). Server code imports index.ts.
export { HEX_COLOR, RASTER_LOGO_DATA_URL } from "./branding-rules";
export type { CallPolicy, PolicyTarget } from "./contract-check";
export { checkCalls } from "./contract-check";
