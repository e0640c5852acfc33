// Background work of a process: in the web process (RUN_WORKERS=true, the default) or alone
// with `npm run worker`. Every job is idempotent, so several processes may run them.
//
// Jobs run on pg-boss (job-queue.ts), one per process. To add work:
// - a queue of jobs: `boss.createQueue(name)`, `consume(boss, name, …)` (consume.ts), and
//   create jobs inside the transaction that makes them necessary (pg-boss's `db` option);
// Webhook deliveries are not jobs: their worker claims the delivery rows in batches.
// - work that must run on one instance at a time, every few seconds (e.g. one indexer per
//   network): `runExclusively(boss, name, everyMs, fn)` (exclusive-loop.ts);
// - work on a cron schedule (minutes and up): `boss.schedule(name, cron)` and a consumer.

import { operatorKey } from "../chains/crosschain-gateway";
import { getConfig } from "../config";
import { settleOpenIntents } from "../crosschain";
import { type Database, getDatabase } from "../db/client";
import { runExclusively } from "../jobs/exclusive-loop";
import { startJobQueue } from "../jobs/job-queue";
import { log } from "../log";
import { startMailWorker } from "../mail";
import { startPaymentDetection } from "../payments";
import { startRecurringRelayer } from "../recurring";
import { sealClearCustomerInfo, startDepositForwarder, startRecurringInvoices } from "../requests";
import { checkReportedPayments } from "../secure-payments";
import { type DeliveryWorkerOptions, startDeliveryWorker } from "../webhooks";
import "../wiring/payment-subscribers";
import { purgeExpired } from "./housekeeping";

const HOUSEKEEPING_MS = 10 * 60_000;

export interface Workers {
  stop(): Promise<void>;
}

export async function startWorkers(
  opts: { database?: Database; delivery?: DeliveryWorkerOptions } = {},
): Promise<Workers> {
  const database = opts.database ?? (await getDatabase());
  // Requests stored before customerInfo was encrypted are sealed once (docs/decisions/customer-info-encryption.md).
  const sealed = await sealClearCustomerInfo();
  if (sealed > 0) log.info({ sealed }, "customerInfo of earlier requests encrypted");
  const boss = await startJobQueue(database);
  const delivery = await startDeliveryWorker(database, opts.delivery);
  const housekeeping = await runExclusively(boss, "housekeeping", HOUSEKEEPING_MS, async () => {
    const counts = await purgeExpired();
    log.debug({ counts }, "housekeeping");
  });
  // The mail outbox (lib/mail): SMTP_URL, or the sandbox's own catcher.
  const mail = await startMailWorker(boss);
  const detection = await startPaymentDetection(boss);
  // Reported payments that reverted on chain send payment.failed (lib/secure-payments/failed-payments.ts).
  const reported = await runExclusively(boss, "reported-payments", 5000, async () => {
    await checkReportedPayments();
  });
  const relayer = await startRecurringRelayer(boss);
  const invoices = await startRecurringInvoices(boss);
  const deposits = await startDepositForwarder(boss);
  // The crosschain operator settles signed intents one at a time across all instances.
  const sandbox = getConfig().sandbox;
  const crosschain = operatorKey(sandbox)
    ? await runExclusively(boss, "crosschain-settlement", sandbox ? 1000 : 4000, () => settleOpenIntents(), {
        maxRunSeconds: 600,
      })
    : null;
  return {
    async stop() {
      await relayer.stop();
      await invoices.stop();
      await deposits.stop();
      await crosschain?.stop();
      await reported.stop();
      await detection.stop();
      await housekeeping.stop();
      await mail.stop();
      await delivery.stop();
      await boss.stop({ graceful: false, close: false });
    },
  };
}
