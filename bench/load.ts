// One load scenario with autocannon: requests/s and latency percentiles; and the floor every
// HTTP figure is compared with, a raw Node http server answering fixed JSON.
import { spawn } from "node:child_process";
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

export async function load(
  name: string,
  url: string,
  headers: Record<string, string>,
  connections = 32,
  seconds = 10,
): Promise<LoadResult> {
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

export function printTable(title: string, results: (LoadResult & { ratio?: number; aim?: string })[]): void {
  console.log(title);
  console.table(
    results.map((r) => ({
      scenario: r.name,
      "req/s": r.requestsPerSec,
      ratio: r.ratio ?? "",
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      "non-2xx": r.non2xx,
      errors: r.errors,
      aim: r.aim ?? "",
    })),
  );
}

// The floor: what this machine's Node answers without any framework, in a process of its own
// like the product's server (autocannon here would otherwise share its event loop).
const RAW_SERVER = `
const http = require("node:http");
const body = JSON.stringify({ pong: true });
const server = http.createServer((req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

/** A raw Node http server on a port the system picks; `stop` ends it. */
export async function startRawServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ["-e", RAW_SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (d: Buffer) => resolve(d.toString().trim()));
    child.once("exit", (code) => reject(new Error(`raw server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
