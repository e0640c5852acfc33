// One load scenario with autocannon: requests/s and latency percentiles.
import autocannon from "autocannon";

export interface LoadResult {
  name: string;
  connections: number;
  seconds: number;
  requestsPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function load(name: string, url: string, headers: Record<string, string>, connections = 32, seconds = 10): Promise<LoadResult> {
  const r = await autocannon({ url, connections, duration: seconds, headers });
  return {
    name,
    connections,
    seconds,
    requestsPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

export function printTable(results: LoadResult[]): void {
  console.table(
    results.map((r) => ({
      scenario: r.name,
      connections: r.connections,
      "req/s": r.requestsPerSec,
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      "non-2xx": r.non2xx,
      errors: r.errors,
    })),
  );
}
