// Fails fast, before a build, when the environment is wrong.
import { getConfig } from "../lib/config";

try {
  getConfig();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
