// The front door of lib/platforms: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export { createPlatform, getPlatform, hasPlatforms, platformDisplayName } from "./create-platform";
export type { PlatformProfileView } from "./profile";
export { getPlatformProfile } from "./profile";
