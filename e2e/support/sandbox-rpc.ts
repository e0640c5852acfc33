// Where the e2e server's sandbox chains listen: SANDBOX_PORTS, which scripts/e2e.mjs (or
// playwright.config.ts) took from the kernel and gave the server. Specs ask here, never add
// offsets to a port of their own.
import { sandboxRpcUrl } from "../../lib/chains/clients";
import type { EvmNetworkId } from "../../lib/chains/networks";
import { parseConfig } from "../../lib/config";

/** The RPC URL of the e2e server's sandbox chain of `network`. */
export function sandboxRpc(network: EvmNetworkId): string {
  const given = process.env.SANDBOX_PORTS;
  // Unset, the config's default ports would be those of someone's `npm start`, not ours.
  if (!given) throw new Error("SANDBOX_PORTS is not set: run the browser tests through playwright.config.ts");
  return sandboxRpcUrl(network, parseConfig({ SANDBOX_PORTS: given }).sandboxPorts);
}
