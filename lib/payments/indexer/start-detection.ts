// Payment detection in the background: per network, one pg-boss job at a time across every
// instance (runExclusively). The instance whose job runs follows the network for a time
// budget: it catches up from the cursor, then waits for the next head over the network's
// WebSocket subscription (lib/chains/head-watcher.ts) — or, without one or while it is down, polls every
// PAYMENT_DETECTION_INTERVAL_MS — and reads again. At the end of the budget the run ends and
// the same instance asks for the next run at once, so the job never outlives its lease and a
// dead instance's network is taken over after it (docs/decisions/detection-new-heads.md).
import type PgBoss from "pg-boss";
import { rpcWsUrlFor } from "../../chains/clients";
import { closeSharedHeadWatcher, type HeadWatcher, sharedHeadWatcher } from "../../chains/head-watcher";
import type { EvmNetworkId, NetworkId } from "../../chains/networks";
import { getConfig } from "../../config";
import { type ExclusiveLoop, runExclusively } from "../../jobs/exclusive-loop";
import { log } from "../../log";
import { backfillReferenceHashes } from "../../requests";
import { indexStep, type StepResult } from "./evm-indexer";
import { tronIndexStep } from "./tron-indexer";

const RUN_BUDGET_MS = 10_000;
/** A run killed with its process holds its network this long before another instance takes over. */
const LEASE_SECONDS = 30;

export function detectionQueue(network: NetworkId): string {
  return `payment-detection-${network}`;
}

const stepOnce = (network: NetworkId) => (network === "tron" ? tronIndexStep() : indexStep(network as EvmNetworkId));

/** Steps until the network is caught up (or the budget is spent); returns the last step. */
export async function detectPayments(network: NetworkId, budgetMs = RUN_BUDGET_MS): Promise<StepResult> {
  const started = Date.now();
  for (;;) {
    const step = await stepOnce(network);
    if (step.kind === "idle" || step.kind === "retry" || Date.now() - started > budgetMs) return step;
  }
}

export interface FollowOptions {
  /** How long this run follows the network (the job's share of its lease). */
  budgetMs?: number;
  /** Polling interval while there is no live subscription. */
  intervalMs?: number;
  /** New heads of the network; none: polling only (Tron, or an RPC without WebSocket). */
  watcher?: HeadWatcher | null;
  signal?: AbortSignal;
}

/** What one run of a network's job did: how many steps, and what woke each wait. */
export interface FollowResult {
  steps: number;
  indexed: number;
  recorded: number;
}

/**
 * One run of a network's detection: catch up, then step again on every new head (or every
 * `intervalMs` without a live subscription) until the budget is spent or `signal` aborts.
 */
export async function followPayments(network: NetworkId, opts: FollowOptions = {}): Promise<FollowResult> {
  const budgetMs = opts.budgetMs ?? RUN_BUDGET_MS;
  const intervalMs = opts.intervalMs ?? getConfig().detection.intervalMs;
  const watcher = opts.watcher ?? null;
  const ends = Date.now() + budgetMs;
  const result: FollowResult = { steps: 0, indexed: 0, recorded: 0 };
  while (!opts.signal?.aborted) {
    // Read before stepping: a head arriving during the step wakes the wait below at once.
    const seen = watcher?.heads ?? 0;
    let step: StepResult;
    try {
      step = await stepOnce(network);
    } catch (error) {
      // An RPC or database error: tried again on the next head or poll, never in a tight loop.
      log.warn({ network, err: (error as Error).message.slice(0, 300) }, "detection step failed");
      step = { kind: "retry", reason: "error" };
    }
    result.steps++;
    if (step.kind === "indexed") {
      result.indexed++;
      result.recorded += step.recorded;
    }
    const left = ends - Date.now();
    if (left <= 0) break;
    if (step.kind === "indexed" || step.kind === "reorg") continue; // catching up: read on
    // A retry (a block changed under the read, an error) waits for the next head or poll.
    if (watcher?.subscribed) await watcher.wait(step.kind === "idle" ? seen : watcher.heads, left, opts.signal);
    else await pause(Math.min(intervalMs, left), opts.signal, watcher, seen);
  }
  return result;
}

/** Waits `ms`, or less when aborted or when the subscription comes (back). */
function pause(ms: number, signal: AbortSignal | undefined, watcher: HeadWatcher | null, seen: number): Promise<void> {
  if (watcher) return watcher.wait(seen, ms, signal);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done);
  });
}

/** The network's watcher, shared with the chain-head cache (head-watcher.ts); null without a WebSocket. */
function watcherFor(network: NetworkId): HeadWatcher | null {
  if (network === "tron") return null;
  const url = rpcWsUrlFor(network as EvmNetworkId);
  return url ? sharedHeadWatcher(network, url) : null;
}

export async function startPaymentDetection(boss: PgBoss): Promise<ExclusiveLoop> {
  const { networks, intervalMs } = getConfig().detection;
  if (networks.length === 0) return { stop: async () => {} };
  const backfilled = await backfillReferenceHashes();
  if (backfilled > 0) log.info({ backfilled }, "payment reference hashes backfilled");
  const stopping = new AbortController();
  const loops = await Promise.all(
    networks.map((network) =>
      runExclusively(
        boss,
        detectionQueue(network),
        intervalMs,
        async () => {
          await followPayments(network, { watcher: watcherFor(network), intervalMs, signal: stopping.signal });
        },
        { maxRunSeconds: LEASE_SECONDS, rerun: true },
      ),
    ),
  );
  log.info(
    { networks, intervalMs, subscriptions: networks.filter((n) => n !== "tron" && rpcWsUrlFor(n as EvmNetworkId)) },
    "payment detection started",
  );
  return {
    stop: async () => {
      stopping.abort();
      await Promise.all(loops.map((l) => l.stop()));
      for (const network of networks) {
        const url = network === "tron" ? null : rpcWsUrlFor(network as EvmNetworkId);
        if (url) closeSharedHeadWatcher(url);
      }
    },
  };
}
