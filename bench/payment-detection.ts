// Payment detection figures on a sandbox chain (anvil with the real contracts), in process:
// - latency: payments sent one after another at random moments, with the real workers running
//   (detection following anvil's new heads over WebSocket, 1 s polling only as fallback, outbox,
//   delivery); seconds from the moment the paying block is mined to the payment.confirmed
//   webhook arriving at a receiver on 127.0.0.1;
// - throughput: 1,000 payments in 10 blocks (10 batch transactions of 100 payments), indexed in
//   one detection run (eth_getLogs, block reads, matching, 1,000 payments and their events
//   written); payments per second; then the recording step alone and its floors, without the
//   chain (payment-recording.ts), to show where the time goes.
// `BENCH_ONLY=payment-detection npm run bench` (its chain runs on free ports, its database in memory).
import { type Address, type Hex, parseUnits } from "viem";
import { getContract } from "../lib/chains/contracts";
import type { EvmNetworkId } from "../lib/chains/networks";
import { resetConfigForTests } from "../lib/config";
import { getDatabase, setDatabaseFactory } from "../lib/db/client";
import { createTestDatabase } from "../lib/db/database-fixtures";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { rpcRequest } from "../lib/devnet/anvil";
import { pointAppAtSandbox, startTestSandbox } from "../lib/devnet/sandbox-fixtures";
import { testToken } from "../lib/devnet/sandbox-tokens";
import { detectPayments } from "../lib/payments/indexer/start-detection";
import { encodeBatchPayment } from "../lib/payouts/encode-batch";
import { buildPayCalldata } from "../lib/requests/build-pay-calldata";
import { createRequest, prepareRequest } from "../lib/requests/create-request";
import { encodeApprove } from "../lib/requests/encode-payment";
import { asStored, insertRequests, type NewStoredRequest } from "../lib/requests/request-store";
import { type ApiTransaction, sendAll } from "../lib/test/send-calldata";
import { startReceiver } from "../lib/webhooks/receiver-fixtures";
import { platformWithEndpoints } from "../lib/webhooks/webhook-fixtures";
import { startWorkers } from "../lib/workers/run-workers";
import { benchRecording } from "./payment-recording";

const NETWORK: EvmNetworkId = "base";
const usdc = testToken(NETWORK, "USDC");
const payeeOf = (i: number): Address => `0x${(0xbe00000 + i).toString(16).padStart(40, "0")}` as Address;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function benchPaymentDetection(
  opts: { latencyPayments?: number; blocks?: number; perBlock?: number } = {},
) {
  const latencyPayments = opts.latencyPayments ?? 10;
  const blocks = opts.blocks ?? 10;
  const perBlock = opts.perBlock ?? 100;
  process.env.PAYMENT_DETECTION_NETWORKS = NETWORK;
  process.env.LOG_LEVEL ??= "warn";
  setDatabaseFactory(createTestDatabase);
  const sandbox = await startTestSandbox([NETWORK]);
  const restore = pointAppAtSandbox(sandbox);
  resetConfigForTests();
  const url = sandbox.urls[NETWORK]!;
  const arrivals = new Map<string, number>(); // requestId → first payment.confirmed arrival
  const receiver = await startReceiver((r) => {
    const body = JSON.parse(r.raw.toString("utf8"));
    if (body.event === "payment.confirmed" && !arrivals.has(body.requestId)) arrivals.set(body.requestId, r.at);
    return 200;
  });
  try {
    const platform = await platformWithEndpoints(`${receiver.url}/bench`);
    const ctx = { platformId: platform.platformId, clientIdId: platform.clientIdId };
    await detectPayments(NETWORK); // past the sandbox's set-up blocks

    // Throughput: 1,000 payments in 10 blocks, then one detection run.
    const requests: NewStoredRequest[] = [];
    for (let i = 0; i < blocks * perBlock; i++) {
      const p = prepareRequest(
        { amount: "1", invoiceCurrency: "USDC-base", paymentCurrency: "USDC-base", payee: payeeOf(i) },
        ctx,
      );
      if (!p.ok) throw new Error(JSON.stringify(p.errors));
      requests.push(p.request);
    }
    await insertRequests(requests);
    const payer = DEMO_WALLETS[8];
    const batch = getContract(NETWORK, "BatchConversionPayments").address;
    const txs: ApiTransaction[] = [{ ...encodeApprove(usdc.address, batch, parseUnits("1000000", 6)), value: 0 }];
    for (let b = 0; b < blocks; b++) {
      const items = requests.slice(b * perBlock, (b + 1) * perBlock).map((r) => ({
        kind: "erc20" as const,
        token: usdc.address,
        recipient: r.payee as Address,
        amount: 1_000_000n,
        feeAmount: 0n,
        paymentReference: r.paymentReference as Hex,
      }));
      const { transaction } = encodeBatchPayment(NETWORK, items, payer.address, 0n);
      txs.push({ to: transaction.to, data: transaction.data, value: 0 });
    }
    await sendAll(NETWORK, url, payer.privateKey, txs); // anvil mines one block per transaction
    const started = performance.now();
    const step = await detectPayments(NETWORK);
    const seconds = (performance.now() - started) / 1000;
    if (step.kind !== "idle") throw new Error(`detection did not catch up in one run (${step.kind})`);
    const prisma = (await getDatabase()).prisma;
    const indexed = await prisma.payment.count({ where: { platformId: platform.platformId } });

    // Latency: the real workers, following new heads (1 s polling as fallback). The throughput run's 1,000 deliveries are
    // dropped first, so each payment's webhook does not queue behind them.
    await prisma.webhookDelivery.deleteMany({});
    const workers = await startWorkers({ database: await getDatabase() });
    const latencies: number[] = [];
    try {
      for (let i = 0; i < latencyPayments; i++) {
        await new Promise((r) => setTimeout(r, Math.random() * 1000)); // any phase of the poll
        const payerI = DEMO_WALLETS[9];
        const request = await createRequest(ctx, {
          amount: "2",
          invoiceCurrency: "USDC-base",
          paymentCurrency: "USDC-base",
          payee: payeeOf(5000 + i),
        });
        const calldata = await buildPayCalldata(asStored(request), { wallet: payerI.address });
        const receipts = await sendAll(NETWORK, url, payerI.privateKey, calldata.transactions as ApiTransaction[]);
        const mined = Date.now(); // anvil mines as it receives: the receipt comes with the block
        const deadline = mined + 30_000;
        while (!arrivals.has(request.requestId)) {
          if (Date.now() > deadline) throw new Error("payment.confirmed did not arrive in 30 s");
          await new Promise((r) => setTimeout(r, 10));
        }
        latencies.push((arrivals.get(request.requestId)! - mined) / 1000);
        void receipts;
      }
    } finally {
      await workers.stop();
    }
    const sorted = latencies.sort((a, b) => a - b);
    await rpcRequest(url, "eth_blockNumber");
    const recording = await benchRecording(platform.owner, blocks * perBlock);
    return [
      {
        scenario: `block → payment.confirmed webhook (new-heads subscription), ${latencyPayments} payments`,
        value: `p50 ${percentile(sorted, 50).toFixed(2)} s, max ${sorted.at(-1)!.toFixed(2)} s, min ${sorted[0].toFixed(2)} s`,
      },
      {
        scenario: `${blocks * perBlock} payments in ${blocks} blocks, one detection run`,
        value: `${indexed} payments stored in ${seconds.toFixed(2)} s = ${Math.round(indexed / seconds)} payments/s (aim ≥ 5,000/s)`,
      },
      ...recording,
    ];
  } finally {
    await receiver.close();
    restore();
    await sandbox.dispose();
  }
}
