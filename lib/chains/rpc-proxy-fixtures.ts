// A JSON-RPC provider that fails on demand, for tests: an HTTP proxy in front of a real node
// (a test anvil) that passes calls through, or refuses connections (stopped), or answers 429,
// or lags (says its head is the block it had when told to lag). It ignores the path and query
// of the URL it is called on, so a test can give it a URL that looks like one with an API key.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ProxyMode = "pass" | "refuse" | "429" | "lag";

export interface RpcProxy {
  url: string;
  /** JSON-RPC calls answered (a batch counts each call). */
  calls: number;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

interface RpcCall {
  id: unknown;
  method: string;
}

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  let mode: ProxyMode = "pass";
  let lagHead: string | null = null;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (mode === "429") {
      res.writeHead(429, { "content-type": "application/json", "retry-after": "1" });
      return res.end(JSON.stringify({ error: "rate limited" }));
    }
    const body = Buffer.concat(chunks).toString();
    const parsed = JSON.parse(body) as RpcCall | RpcCall[];
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    proxy.calls += calls.length;
    const upstream = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body });
    let answer = (await upstream.json()) as { id: unknown; result?: unknown } | { id: unknown; result?: unknown }[];
    if (mode === "lag" && lagHead !== null) {
      const heads = new Set(calls.filter((c) => c.method === "eth_blockNumber").map((c) => c.id));
      const rewrite = (a: { id: unknown; result?: unknown }) => (heads.has(a.id) ? { ...a, result: lagHead } : a);
      answer = Array.isArray(answer) ? answer.map(rewrite) : rewrite(answer);
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const proxy: RpcProxy = {
    url: `http://127.0.0.1:${port}`,
    calls: 0,
    async setMode(next) {
      if (mode === "refuse" && next !== "refuse")
        await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      if (next === "refuse" && mode !== "refuse") await stop();
      if (next === "lag") {
        const r = await fetch(target, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
        });
        lagHead = ((await r.json()) as { result: string }).result;
      }
      mode = next;
    },
    async close() {
      if (mode !== "refuse") await stop();
    },
  };
  return proxy;
}
