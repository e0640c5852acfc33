// lib/pay-page's door for browser code: pure functions and constants (no I/O, no database), safe in
// the client bundle (docs/architecture.md "Domain walls"). Server code imports index.ts.
export { DOLLAR_SYMBOLS, formatAmount, formatMoney, shortAddress, unitsToDecimal, usdValue } from "./format";
export type { BrandingInput, PageBranding } from "./page-branding";
export { brandingStyle, DEFAULT_COLORS, pageBranding, safeColor } from "./page-branding";
export type { CheckoutProps, CompletedView, ExpiredView, NotPayableView, PayableView } from "./pay-page-view";
export { qrPath } from "./qr-path";
