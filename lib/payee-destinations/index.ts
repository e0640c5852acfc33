// The front door of lib/payee-destinations: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export { formatDestinationId, parseDestinationId, payeeInteropAddress } from "./destination-id";
export { destinationTokens } from "./destination-tokens";
export { listDestinations } from "./read-destinations";
export { registerDestinationWithKey } from "./register-with-key";
export type { ResolvedDestination } from "./resolve-destination";
export { activePlatformDestinations, resolvePayeeDestination } from "./resolve-destination";
export { purgeSigningNonces } from "./signing-nonces";
