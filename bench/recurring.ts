// Recurring payout figures on a sandbox chain (anvil, our proxy, the real ERC20FeeProxy), in process:
// - throughput: 100 active schedules with an instalment due, paid by one relayer run on one
//   chain (simulate, sign, record, broadcast, receipt, record: one after another); instalments/minute;
// - delay: with the real workers running (relayer and detection every second), the chain's
//   clock is moved so the next instalment of 5 schedules falls due; seconds from that moment to
//   each payment.confirmed webhook arriving at a receiver on 127.0.0.1.
// `BENCH_ONLY=recurring npm run bench` (its chain runs on free ports, its database in memory).
import { encodeFunctionData, type Hex, maxUint256 } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { erc20Abi } from "../lib/chains/contracts";
import { SANDBOX_RECURRING_PROXY } from "../lib/chains/recurring-proxy";
import { resetConfigForTests } from "../lib/config";
import { getDatabase, setDatabaseFactory } from "../lib/db/client";
import { createTestDatabase } from "../lib/db/database-fixtures";
import { DEMO_WALLETS } from "../lib/devnet/accounts";
import { moveChainClock } from "../lib/devnet/chain-clock";
import { pointAppAtSandbox, startTestSandbox } from "../lib/devnet/sandbox-fixtures";
import { testToken } from "../lib/devnet/sandbox-tokens";
import { detectPayments } from "../lib/payments/indexer/start-detection";
import { createRecurringPayout } from "../lib/recurring/create-recurring-payout";
import { activateSchedule, updateSchedule } from "../lib/recurring/manage-schedule";
import { relayOnce } from "../lib/recurring/relayer";
import { sendAll } from "../lib/test/send-calldata";
import { startReceiver } from "../lib/webhooks/receiver-fixtures";
import { platformWithEndpoints } from "../lib/webhooks/webhook-fixtures";
import { startWorkers } from "../lib/workers/run-workers";

const WEEK = 7 * 86_400;
const payeeOf = (i: number) => `0x${(0xec00000 + i).toString(16).padStart(40, "0")}`;

export async function benchRecurring(opts: { schedules?: number; delaySchedules?: number } = {}) {
  const count = opts.schedules ?? 100;
  const delayCount = opts.delaySchedules ?? 5;
  process.env.PAYMENT_DETECTION_NETWORKS = "base";
  process.env.LOG_LEVEL ??= "warn";
  setDatabaseFactory(createTestDatabase);
  const sandbox = await startTestSandbox(["base"]);
  const restore = pointAppAtSandbox(sandbox);
  resetConfigForTests();
  const url = sandbox.urls.base!;
  const confirmed = new Map<string, number[]>(); // requestId → payment.confirmed arrivals
  const receiver = await startReceiver((r) => {
    const body = JSON.parse(r.raw.toString("utf8"));
    if (body.event === "payment.confirmed")
      confirmed.set(body.requestId, [...(confirmed.get(body.requestId) ?? []), r.at]);
    return 200;
  });
  try {
    const platform = await platformWithEndpoints(`${receiver.url}/bench`);
    const owner = { platformId: platform.platformId, clientIdId: platform.clientIdId, origin: null };
    await detectPayments("base");
    const usdc = testToken("base", "USDC").address;
    const payer = DEMO_WALLETS[8];
    await sendAll("base", url, payer.privateKey, [
      {
        to: usdc,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "approve",
          args: [SANDBOX_RECURRING_PROXY, maxUint256],
        }),
        value: 0,
      },
    ]);
    const startDate = new Date().toISOString().slice(0, 10);
    async function schedule(i: number) {
      const created = await createRecurringPayout(owner, {
        payee: payeeOf(i),
        amount: "1",
        invoiceCurrency: "USDC-base",
        paymentCurrency: "USDC-base",
        recurrence: { startDate, frequency: "WEEKLY", totalPayments: 4, payer: payer.address },
      });
      const v = created.recurringPaymentPermit.values;
      const message = {
        ...v,
        amount: BigInt(v.amount),
        feeAmount: BigInt(v.feeAmount),
        relayerFee: BigInt(v.relayerFee),
        nonce: BigInt(v.nonce),
        deadline: BigInt(v.deadline),
      };
      const p = created.recurringPaymentPermit;
      const signature = await privateKeyToAccount(payer.privateKey as Hex).signTypedData({
        domain: p.domain,
        types: p.types,
        primaryType: "SchedulePermit",
        message,
      } as never);
      await activateSchedule(platform.platformId, created.id, signature);
      return created;
    }

    const throughput = [];
    for (let i = 0; i < count; i++) throughput.push(await schedule(i));
    const started = performance.now();
    const run = await relayOnce("base");
    const seconds = (performance.now() - started) / 1000;
    if (run.paid !== count) throw new Error(`one run paid ${run.paid} of ${count}`);

    // Delay: only the new schedules (the throughput ones are cancelled: their next instalments
    // would fall due with the clock move and queue before them), instalment 1 paid, then the clock moves a week.
    for (const t of throughput) await updateSchedule(platform.platformId, t.id, "cancel");
    const delayed = [];
    for (let i = 0; i < delayCount; i++) delayed.push(await schedule(10_000 + i));
    await relayOnce("base"); // instalment 1 of the delay schedules, and nothing else due
    await detectPayments("base");
    await (await getDatabase()).prisma.webhookDelivery.deleteMany({});
    const workers = await startWorkers({ database: await getDatabase() });
    const delays: number[] = [];
    try {
      // Steady state: the workers' queues are created and their loops running, then any phase of a loop.
      await new Promise((r) => setTimeout(r, 5_000 + Math.random() * 1000));
      await moveChainClock(url, WEEK);
      const due = Date.now();
      const deadline = due + 60_000;
      for (const d of delayed) {
        while ((confirmed.get(d.requestId) ?? []).filter((t) => t >= due).length === 0) {
          if (Date.now() > deadline) throw new Error("instalment 2's payment.confirmed did not arrive in 60 s");
          await new Promise((r) => setTimeout(r, 10));
        }
        delays.push((confirmed.get(d.requestId)!.find((t) => t >= due)! - due) / 1000);
      }
    } finally {
      await workers.stop();
    }
    const sorted = delays.sort((a, b) => a - b);
    return [
      {
        scenario: `${count} due instalments, one relayer run on one chain`,
        value: `${count} paid in ${seconds.toFixed(2)} s = ${Math.round((count / seconds) * 60)} instalments/minute`,
      },
      {
        scenario: `due time → payment.confirmed webhook (relayer and detection every 1 s), ${delayCount} schedules`,
        value: `median ${sorted[Math.floor(sorted.length / 2)].toFixed(2)} s, max ${sorted.at(-1)!.toFixed(2)} s, min ${sorted[0].toFixed(2)} s`,
      },
    ];
  } finally {
    await receiver.close();
    restore();
    await sandbox.dispose();
  }
}
