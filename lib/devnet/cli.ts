// `npm run chains [network ...]`: the sandbox chains on their own, shared by several web and
// worker processes configured with their RPC URLs (printed at start, ready to export) exactly
// as they would share real RPC endpoints (docs/deployment.md); also for manual use (wallets,
// cast, scripts).
//
// `tron` among the networks (or none named) starts the Tron sandbox node too, on
// its port of the sandbox (SANDBOX_PORT_BASE + 7): its URL is the processes' TRONGRID_URL.
// State lives in DATA_DIR (default ./.data); the chains listen on SANDBOX_PORT_BASE (18545) + i,
// or on SANDBOX_PORTS (lib/config.ts).
// SIGTERM or Ctrl-C saves every chain's state and stops the nodes.
import { type EvmNetworkId, isNetworkId } from "../chains/networks";
import { getConfig, rpcEnvName } from "../config";
import { DEMO_WALLETS } from "./accounts";
import { startSandbox } from "./sandbox";
import { TRON_DEMO_WALLETS } from "./tron/accounts";
import { TRON_CHAIN_ID } from "./tron/chain-params";

const requested = process.argv.slice(2);
for (const n of requested) {
  if (!isNetworkId(n)) throw new Error(`Unknown network: ${n}`);
}
const evmRequested = requested.filter((n) => n !== "tron");
const tron = requested.length === 0 || requested.includes("tron");

const config = getConfig();
const started = Date.now();
const sandbox = await startSandbox({
  dataDir: config.DATA_DIR,
  ports: config.sandboxPorts,
  networks: requested.length > 0 ? (evmRequested as EvmNetworkId[]) : undefined,
  tron,
  detached: true, // Ctrl-C reaches this process only, which saves the chains before stopping them
});

console.log(`Sandbox chains ready in ${Date.now() - started} ms (state in ${config.DATA_DIR}/chains):`);
for (const c of sandbox.chains) {
  console.log(
    `  ${c.network.padEnd(13)} chain ${String(c.chainId).padEnd(9)} ${c.url}  ${c.restored ? "restored" : "new"}, ${c.startMs} ms`,
  );
}
if (sandbox.tron) {
  const t = sandbox.tron;
  console.log(
    `  ${"tron".padEnd(13)} chain ${String(TRON_CHAIN_ID).padEnd(9)} ${t.url}  ${t.restored ? "restored" : "new"}, ${t.startMs} ms`,
  );
}
console.log("Environment for web and worker processes that share these chains:");
for (const c of sandbox.chains) console.log(`  ${rpcEnvName(c.network)}=${c.url}`);
if (sandbox.tron) console.log(`  TRONGRID_URL=${sandbox.tron.url}`);
// Fresh chains: detection starts at block 0, not at the production proxies' creation blocks.
// Tron's cursor is a block timestamp: 0 reads its node's events from the first block.
const detected = [...sandbox.chains.map((c) => c.network), ...(sandbox.tron ? ["tron"] : [])];
console.log(`  PAYMENT_DETECTION_NETWORKS=${detected.join(",")}`);
console.log(`  PAYMENT_DETECTION_START_BLOCKS=${detected.map((n) => `${n}:0`).join(",")}`);
console.log("  PAYMENT_CONFIRMATIONS=0");
console.log("Demo wallets (anvil's default mnemonic; each has native coin and 1,000,000 of every test stablecoin):");
for (const w of DEMO_WALLETS) console.log(`  ${w.address}  ${w.privateKey}`);
if (sandbox.tron) {
  console.log(
    "Demo Tron wallets (anvil's mnemonic on m/44'/195'/0'/0/i; each has 10,000 TRX and 1,000,000 USDT and USDC):",
  );
  for (const w of TRON_DEMO_WALLETS) console.log(`  ${w.address}  ${w.privateKey}`);
}

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
