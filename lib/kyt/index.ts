// The front door of lib/kyt: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.

export type { SanctionedAddresses } from "./ofac-sdn";
export { parseSdn } from "./ofac-sdn";
export type { ScreeningRow } from "./read-screenings";
export { kytResultsOf, latestScreenings } from "./read-screenings";
export type { WalletToScreen } from "./screen-wallets";
export { purgeScreeningCache, screenWallets } from "./screen-wallets";
