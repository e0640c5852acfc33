// The front door of lib/platforms: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export { createPlatform } from "./create-platform";
export type { PlatformProfileView } from "./profile";
export { getPlatformProfile, platformDisplayName } from "./profile";
export { getPlatform, hasPlatforms } from "./read-platforms";
