// `npm run chain:time -- --network base --forward 7d`: moves a sandbox chain's clock forward
// (anvil's evm_increaseTime, then evm_mine so the next block carries the new time). Recurring
// instalments are due by chain time (docs/protocol.md "Recurring payments"), so this is how a
// sandbox user watches the next one being paid without waiting a week. Sandbox only: it talks
// to the local anvil of SANDBOX_PORT_BASE (or SANDBOX_PORTS) and refuses when RPC URLs are configured.
import { sandboxRpcUrl } from "../lib/chains/clients";
import { EVM_NETWORK_IDS, type EvmNetworkId } from "../lib/chains/networks";
import { getConfig } from "../lib/config";
import { moveChainClock, parseDuration } from "../lib/devnet/chain-clock";

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const network = (arg("--network") ?? "base") as EvmNetworkId;
const forward = arg("--forward");
const seconds = forward === undefined ? undefined : parseDuration(forward);
if (!EVM_NETWORK_IDS.includes(network) || seconds === undefined) {
  console.error(
    `usage: npm run chain:time -- [--network <${EVM_NETWORK_IDS.join("|")}>] --forward <N>[s|m|h|d|w]   e.g. --forward 7d`,
  );
  process.exit(1);
}
if (!getConfig().sandbox) {
  console.error("chain:time moves the sandbox's own chains only; RPC URLs are configured here");
  process.exit(1);
}
const now = await moveChainClock(sandboxRpcUrl(network), seconds);
console.log(`${network}: chain time is now ${new Date(now * 1000).toISOString()} (+${seconds}s)`);
