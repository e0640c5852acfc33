// `npm run chains [network ...]`: the sandbox chains on their own, shared by several web and
// worker processes configured with their RPC URLs (printed at start, ready to export) exactly
// as they would share real RPC endpoints (docs/deployment.md); also for manual use (wallets,
// cast, scripts).
//
// State lives in DATA_DIR (default ./.data), ports start at SANDBOX_PORT_BASE (18545).
// SIGTERM or Ctrl-C saves every chain's state and stops the nodes.
import { type EvmNetworkId, isNetworkId } from "../chains/networks";
import { getConfig, rpcEnvName } from "../config";
import { DEMO_WALLETS } from "./accounts";
import { startSandbox } from "./sandbox";

const requested = process.argv.slice(2);
for (const n of requested) {
  if (!isNetworkId(n) || n === "tron") throw new Error(`Unknown EVM network: ${n}`);
}

const config = getConfig();
const started = Date.now();
const sandbox = await startSandbox({
  dataDir: config.DATA_DIR,
  portBase: config.SANDBOX_PORT_BASE,
  networks: requested.length > 0 ? (requested as EvmNetworkId[]) : undefined,
  detached: true, // Ctrl-C reaches this process only, which saves the chains before stopping them
});

console.log(`Sandbox chains ready in ${Date.now() - started} ms (state in ${config.DATA_DIR}/chains):`);
for (const c of sandbox.chains) {
  console.log(
    `  ${c.network.padEnd(13)} chain ${String(c.chainId).padEnd(9)} ${c.url}  ${c.restored ? "restored" : "new"}, ${c.startMs} ms`,
  );
}
console.log("Environment for web and worker processes that share these chains:");
for (const c of sandbox.chains) console.log(`  ${rpcEnvName(c.network)}=${c.url}`);
// Fresh chains: detection starts at block 0, not at the production proxies' creation blocks.
console.log(`  PAYMENT_DETECTION_NETWORKS=${sandbox.chains.map((c) => c.network).join(",")}`);
console.log(`  PAYMENT_DETECTION_START_BLOCKS=${sandbox.chains.map((c) => `${c.network}:0`).join(",")}`);
console.log("  PAYMENT_CONFIRMATIONS=0");
console.log("Demo wallets (anvil's default mnemonic; each has native coin and 1,000,000 of every test stablecoin):");
for (const w of DEMO_WALLETS) console.log(`  ${w.address}  ${w.privateKey}`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log("Saving chain state and stopping…");
    sandbox.stop().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
