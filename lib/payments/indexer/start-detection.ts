// Payment detection in the background: per network, one pg-boss job at a time across every
// instance (runExclusively), every PAYMENT_DETECTION_INTERVAL_MS. A run catches up range after
// range, within a time budget so the job never outlives its lease.
import type PgBoss from "pg-boss";
import type { EvmNetworkId, NetworkId } from "../../chains/networks";
import { getConfig } from "../../config";
import { runExclusively, type ExclusiveLoop } from "../../jobs/exclusive-loop";
import { log } from "../../log";
import { backfillReferenceHashes } from "../../requests/settlement-store";
import { indexStep, type StepResult } from "./evm-indexer";
import { tronIndexStep } from "./tron-indexer";

const RUN_BUDGET_MS = 10_000;
/** A run killed with its process holds its network this long before another instance takes over. */
const LEASE_SECONDS = 30;

export function detectionQueue(network: NetworkId): string {
  return `payment-detection-${network}`;
}

/** Steps until the network is caught up (or the budget is spent); returns the last step. */
export async function detectPayments(network: NetworkId, budgetMs = RUN_BUDGET_MS): Promise<StepResult> {
  const started = Date.now();
  for (;;) {
    const step = network === "tron" ? await tronIndexStep() : await indexStep(network as EvmNetworkId);
    if (step.kind === "idle" || step.kind === "retry" || Date.now() - started > budgetMs) return step;
  }
}

export async function startPaymentDetection(boss: PgBoss): Promise<ExclusiveLoop> {
  const { networks, intervalMs } = getConfig().detection;
  if (networks.length === 0) return { stop: async () => {} };
  const backfilled = await backfillReferenceHashes();
  if (backfilled > 0) log.info({ backfilled }, "payment reference hashes backfilled");
  const loops = await Promise.all(
    networks.map((network) =>
      runExclusively(boss, detectionQueue(network), intervalMs, async () => void (await detectPayments(network)), { maxRunSeconds: LEASE_SECONDS }),
    ),
  );
  log.info({ networks, intervalMs }, "payment detection started");
  return { stop: async () => void (await Promise.all(loops.map((l) => l.stop()))) };
}
