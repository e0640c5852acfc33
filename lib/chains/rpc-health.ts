// What this process saw of each RPC provider lately: the outcome of its last calls, their
// latency, the head it reported. Kept in memory by the transports that make the calls
// (rpc-transport.ts), read by the failover order and by /health/ready. A provider is shown
// by its host only: RPC URLs carry API keys in their path or query.
// docs/decisions/rpc-failover.md.
import { HttpRequestError, TimeoutError } from "viem";

export type RpcErrorClass = "unreachable" | "timeout" | "rate-limited" | "http-error" | "rpc-error";

export interface ProviderHealth {
  /** The URL's host (and port): never its path or query. */
  host: string;
  status: "ok" | "failing" | "unknown";
  /** Calls that failed in a row (0 after a success). */
  failures: number;
  lastError: RpcErrorClass | null;
  lastErrorAt: Date | null;
  lastOkAt: Date | null;
  /** Latency of the last answered call, in ms. */
  latencyMs: number | null;
  /** The last head this provider reported (eth_blockNumber), and when (ms). */
  head: bigint | null;
  headAt: number;
  /** Until then the provider is tried after the others (a failure's cool-down). */
  coolDownUntil: number;
}

/** After n failures in a row, a provider is tried last for min(30 s, 1 s · 2^(n−1)). */
const MAX_COOL_DOWN_MS = 30_000;

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "invalid-url";
  }
}

export function newProviderHealth(url: string): ProviderHealth {
  return {
    host: hostOf(url),
    status: "unknown",
    failures: 0,
    lastError: null,
    lastErrorAt: null,
    lastOkAt: null,
    latencyMs: null,
    head: null,
    headAt: 0,
    coolDownUntil: 0,
  };
}

/** The kind of failure, as an operator would act on it (a provider's message may hold the URL: not kept). */
export function classifyRpcError(error: unknown): RpcErrorClass {
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 6; e = (e as { cause?: unknown }).cause) chain.push(e);
  if (chain.some((e) => e instanceof TimeoutError)) return "timeout";
  const http = chain.find((e): e is HttpRequestError => e instanceof HttpRequestError);
  if (http?.status === 429) return "rate-limited";
  if (http?.status !== undefined) return "http-error";
  if (http) return "unreachable"; // no status: the connection failed (refused, reset, DNS)
  return "rpc-error";
}

export function recordSuccess(h: ProviderHealth, latencyMs: number, method: string, result: unknown): void {
  h.status = "ok";
  h.failures = 0;
  h.coolDownUntil = 0;
  h.lastOkAt = new Date();
  h.latencyMs = Math.round(latencyMs);
  if (method === "eth_blockNumber" && typeof result === "string") {
    h.head = BigInt(result);
    h.headAt = Date.now();
  }
}

export function recordFailure(h: ProviderHealth, error: unknown, now = Date.now()): void {
  h.status = "failing";
  h.failures++;
  h.lastError = classifyRpcError(error);
  h.lastErrorAt = new Date(now);
  h.coolDownUntil = now + Math.min(MAX_COOL_DOWN_MS, 1000 * 2 ** (h.failures - 1));
}

/**
 * Providers in the order to try: those not cooling down first, then those cooling; within the
 * first group, one lagging (its recent head more than LAGGING_BLOCKS behind another's) after
 * the current ones; otherwise configured order.
 */
export function tryOrder<T extends { health: ProviderHealth }>(providers: readonly T[], now = Date.now()): T[] {
  const report = reportProviders(
    providers.map((p) => p.health),
    now,
  );
  const rank = (p: T, i: number) => (p.health.coolDownUntil > now ? 2 : report[i].status === "lagging" ? 1 : 0);
  return providers
    .map((p, i) => ({ p, i, r: rank(p, i) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.p);
}

/** A provider's public view: how far behind the best head among the network's providers. */
export interface ProviderReport {
  host: string;
  status: "ok" | "failing" | "lagging" | "unknown";
  lastError: RpcErrorClass | null;
  lastErrorAt: Date | null;
  lastOkAt: Date | null;
  latencyMs: number | null;
  head: string | null;
  behind: number | null;
}

/** More blocks behind the best head than this and a provider answering is reported lagging. */
export const LAGGING_BLOCKS = 10n;
/** Heads older than this are not compared: a provider asked only when the first fails keeps an old one. */
const HEAD_FRESH_MS = 30_000;

export function reportProviders(healths: readonly ProviderHealth[], now = Date.now()): ProviderReport[] {
  const fresh = (h: ProviderHealth) => h.head !== null && now - h.headAt <= HEAD_FRESH_MS;
  const best = healths.reduce<bigint | null>((m, h) => (fresh(h) && (m === null || h.head! > m) ? h.head : m), null);
  return healths.map((h) => {
    const behind = best !== null && fresh(h) ? best - h.head! : null;
    return {
      host: h.host,
      status: h.status === "ok" && behind !== null && behind > LAGGING_BLOCKS ? "lagging" : h.status,
      lastError: h.lastError,
      lastErrorAt: h.lastErrorAt,
      lastOkAt: h.lastOkAt,
      latencyMs: h.latencyMs,
      head: h.head === null ? null : h.head.toString(),
      behind: behind === null ? null : Number(behind),
    };
  });
}
