// The HTTP server of `npm start` (and `npm run dev`): Next.js's request handler behind the edge
// of scripts/http-edge.mjs, which owns what Next.js cannot answer itself (parser errors,
// unrouted methods) and records the peer address, and drains on SIGTERM (below). `next start` offers no hook for those.
import http from "node:http";
import path from "node:path";
import {
  answerClientError,
  errorJson,
  recordPeer,
  refuseConnect,
  refuseMalformedPath,
  refuseUnroutedMethod,
} from "./http-edge.mjs";

const dev = process.argv.includes("--dev");
// `next start` / `next dev` set these; with a server of our own it is ours to do, before Next loads.
process.env.NODE_ENV ||= dev ? "development" : "production";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = Number(process.env.PORT ?? 3000);

// The drain on SIGTERM/SIGINT is ours (lib/boot/start-app.ts leaves the signals to this server):
// stop accepting connections, answer /health/ready 503, let in-flight requests finish (at most
// DRAIN_TIMEOUT_MS), then stop the workers (a running job is left to its lease), the sandbox
// chains and the database, and exit.
globalThis.__stablelinkServerDrains = true;
const drainTimeoutMs = Number(process.env.DRAIN_TIMEOUT_MS ?? 15_000);
let server;
let inFlight = 0;
let draining = false;
const drain = async (signal) => {
  if (draining) return;
  draining = true;
  const state = (globalThis.__stablelinkProcess ??= { booted: false, workers: "off", draining: false });
  state.draining = true;
  const started = Date.now();
  console.log(JSON.stringify({ level: 30, time: started, msg: "draining", signal, inFlight }));
  if (server) {
    server.close(); // no new connections; idle keep-alive ones are closed now
    server.closeIdleConnections();
    while (inFlight > 0 && Date.now() - started < drainTimeoutMs) await new Promise((r) => setTimeout(r, 50));
  }
  console.log(
    JSON.stringify({ level: 30, time: Date.now(), msg: "drained", ms: Date.now() - started, unfinished: inFlight }),
  );
  if (globalThis.__stablelinkShutdown) await globalThis.__stablelinkShutdown(signal);
  process.exit(signal === "SIGINT" ? 130 : 143);
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void drain(signal));

const { default: next } = await import("next");
const app = next({ dev, dir: root, hostname: "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

server = http.createServer((req, res) => {
  if (refuseUnroutedMethod(req, res) || refuseMalformedPath(req, res)) return;
  recordPeer(req);
  inFlight++;
  res.once("close", () => inFlight--);
  if (draining) res.setHeader("connection", "close"); // a keep-alive client moves to another process
  handle(req, res).catch((err) => {
    console.error(err);
    if (!res.headersSent) {
      res.writeHead(500, { "content-type": "application/json; charset=utf-8" });
      res.end(errorJson(500, "internal_error", "Internal server error"));
    } else res.destroy();
  });
});
server.on("clientError", answerClientError);
server.on("connect", refuseConnect);
if (dev) server.on("upgrade", (req, socket, head) => app.getUpgradeHandler()(req, socket, head)); // hot reload
server.listen(port, () => console.log(`  ▲ Ready on http://localhost:${port}`));
