// A real HTTP receiver on 127.0.0.1 (port 0) for tests and the benchmark: records every
// request with its raw bytes and answers as the test decides (a status, a hang, a reset).
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  at: number; // Date.now() when the body was complete
  /** The connection had carried an earlier request (keep-alive reuse). */
  reusedConnection: boolean;
}

export type Answer = number | { status: number; body?: string; headers?: Record<string, string> } | "hang" | "reset";

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Resolves when `n` requests have arrived in all. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export interface ReceiverOptions {
  host?: string;
  /** A fixed port (a test run confined to a port range); default: any free one. */
  port?: number;
  /** Serve HTTPS with this key and certificate. */
  tls?: { key: string | Buffer; cert: string | Buffer };
}

export async function startReceiver(
  answer: (r: Received, index: number) => Answer = () => 200,
  opts: ReceiverOptions = {},
): Promise<Receiver> {
  const host = opts.host ?? "127.0.0.1";
  const received: Received[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const served = new WeakMap<object, number>(); // socket → requests it carried
  const handle: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const before = served.get(req.socket) ?? 0;
      served.set(req.socket, before + 1);
      const r: Received = {
        path: req.url ?? "/",
        headers: req.headers,
        raw: Buffer.concat(chunks),
        at: Date.now(),
        reusedConnection: before > 0,
      };
      const index = received.push(r) - 1;
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
      const a = answer(r, index);
      if (a === "hang") return; // never answers: the sender's timeout must end it
      if (a === "reset") return req.socket.destroy();
      const { status, body, headers } = typeof a === "number" ? { status: a, body: undefined, headers: undefined } : a;
      res.writeHead(status, { "content-type": "text/plain", ...headers });
      res.end(body ?? (status < 300 ? "ok" : `error ${status}`));
    });
  };
  const server = opts.tls ? https.createServer(opts.tls, handle) : http.createServer(handle);
  server.on(opts.tls ? "secureConnection" : "connection", (s: import("node:net").Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${opts.tls ? "https" : "http"}://${host}:${port}`,
    port,
    received,
    waitFor(n, timeoutMs = 30_000) {
      if (received.length >= n) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const t = setTimeout(
          () => reject(new Error(`receiver got ${received.length} of ${n} requests in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({ n, resolve: () => (clearTimeout(t), resolve(received)) });
      });
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
