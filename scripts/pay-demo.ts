// `npm run pay-demo [requestId]`: pays a request for real on the sandbox chain, the way a
// payer's wallet would: it asks the running service for the calldata of GET
// /v2/request/{id}/pay for the first demo wallet, signs each transaction with that wallet's
// (public, anvil default) key and sends it. Without an id it pays the demo request `npm start`
// created. Run it with the same DATA_DIR / PORT / SANDBOX_PORT_BASE (or SANDBOX_PORTS) as the server.
import fs from "node:fs";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  formatUnits,
  type Hex,
  http,
  parseEventLogs,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { credentialsPath } from "../lib/boot/demo-api-key";
import type { DemoCredentials } from "../lib/boot/seed-demo";
import { sandboxRpcUrl, viemChain } from "../lib/chains/clients";
import { erc20Abi, erc20FeeProxyAbi, ethereumFeeProxyAbi } from "../lib/chains/contracts";
import { getCurrency, isNative } from "../lib/chains/currencies";
import { EVM_NETWORK_IDS, type EvmNetworkId } from "../lib/chains/networks";
import { getConfig } from "../lib/config";
import { DEMO_WALLETS } from "../lib/devnet/accounts";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const config = getConfig();
if (!config.sandbox)
  fail("pay-demo pays with the sandbox's demo wallets: it runs only against the sandbox (no RPC_URL_* set).");
const file = credentialsPath(config.DATA_DIR);
if (!fs.existsSync(file)) fail(`No ${file}: start the service first (npm start), with the same DATA_DIR.`);
const credentials = JSON.parse(fs.readFileSync(file, "utf8")) as DemoCredentials;
const requestId =
  process.argv[2] ??
  credentials.demoRequestId ??
  fail("No request id given and no demo request in the credentials file.");
const apiUrl = process.env.APP_URL || process.env.PORT ? config.APP_URL : credentials.apiUrl;
const payer = DEMO_WALLETS[0];

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${apiUrl}${path}`, { headers: { "x-api-key": credentials.apiKey } }).catch((err: Error) =>
    fail(`Cannot reach the service at ${apiUrl} (${err.message}); is it running?`),
  );
  const body = await res.json();
  if (!res.ok) fail(`${path}: ${res.status} ${body.message ?? ""} ${body.errors ? JSON.stringify(body.errors) : ""}`);
  return body as T;
}

const request = await api<{
  network: string;
  payee: Address;
  amount: string;
  invoiceCurrency: string;
  paymentCurrency: string;
  paymentReference: Hex;
  payments: unknown[];
}>(`/v2/request/${requestId}`);
if (!(EVM_NETWORK_IDS as readonly string[]).includes(request.network))
  fail(`The request is on ${request.network}: the sandbox has no ${request.network} chain.`);
const network = request.network as EvmNetworkId;
const calldata = await api<{
  transactions: { to: Address; data: Hex; value: 0 | { hex: Hex } }[];
  metadata: Record<string, unknown>;
}>(`/v2/request/${requestId}/pay?wallet=${payer.address}`);

const chain = viemChain(network);
const transport = http(sandboxRpcUrl(network, config.sandboxPorts));
const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
const wallet = createWalletClient({ chain, transport, account: privateKeyToAccount(payer.privateKey) });
const token = getCurrency(request.paymentCurrency)!;
const balanceOf = (who: Address) =>
  isNative(token)
    ? publicClient.getBalance({ address: who })
    : publicClient.readContract({
        address: token.address as Address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [who],
      });

console.log(
  `Paying ${request.amount} ${request.invoiceCurrency} in ${request.paymentCurrency} on ${network} to ${request.payee}`,
);
console.log(
  `from ${payer.address}; ${calldata.transactions.length} transaction(s); metadata ${JSON.stringify(calldata.metadata)}`,
);
const before = await balanceOf(request.payee);
for (const tx of calldata.transactions) {
  const hash = await wallet.sendTransaction({
    to: tx.to,
    data: tx.data,
    value: tx.value === 0 ? 0n : BigInt(tx.value.hex),
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  console.log(
    `  ${receipt.status === "success" ? "mined" : "REVERTED"} ${hash} (block ${receipt.blockNumber}, to ${tx.to})`,
  );
  if (receipt.status !== "success") fail("A transaction reverted.");
  const events = parseEventLogs({
    abi: [...erc20FeeProxyAbi, ...ethereumFeeProxyAbi],
    logs: receipt.logs,
    eventName: "TransferWithReferenceAndFee",
  });
  if (events.length > 0)
    console.log(`  payment event TransferWithReferenceAndFee for reference ${request.paymentReference}`);
}
const received = (await balanceOf(request.payee)) - before;
console.log(`The payee received ${formatUnits(received, token.decimals)} ${token.symbol}.`);

// The service's indexer sees the payment within its polling interval: wait for it and show
// what GET /v2/request/{id} says now.
const paidTx = calldata.transactions.length > 0 ? await publicClient.getBlockNumber() : 0n;
const started = Date.now();
type Status = {
  status: string;
  hasBeenPaid: boolean;
  amountPaid: string;
  txHash: string | null;
  payments: { txHash: string; amount: string; type: string }[];
};
let status = await api<Status>(`/v2/request/${requestId}`);
const detected = () => status.payments.length > request.payments.length;
while (!detected() && Date.now() - started < 30_000) {
  await new Promise((r) => setTimeout(r, 250));
  status = await api<Status>(`/v2/request/${requestId}`);
}
if (!detected())
  fail(
    `The service has not detected the payment (block ${paidTx}) after 30 s: is payment detection on (PAYMENT_DETECTION_NETWORKS)?`,
  );
console.log(
  `Detected by the service in ${((Date.now() - started) / 1000).toFixed(1)} s: status ${status.status}, paid ${status.amountPaid} ${request.invoiceCurrency}, txHash ${status.txHash}`,
);
