// The front door of lib/health: what code outside the domain may call (docs/architecture.md
// "Domain walls"). Everything else in the folder is private to it; lint enforces that.
export { startHealthServer } from "./health-server";
