// Where explorer links of this instance point: in the sandbox, the service's own transaction
// page (lib/chains/explorer.ts); otherwise the public explorers (undefined).
import { getConfig } from "../config";

export function sandboxExplorer(): { origin: string } | undefined {
  const config = getConfig();
  return config.sandbox ? { origin: new URL(config.APP_URL).origin } : undefined;
}
