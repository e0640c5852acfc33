// `npm run worker` serves no API, but an orchestrator still has to know whether a worker
// process is alive and doing its job: with WORKER_HEALTH_PORT it answers the same /health/live
// and /health/ready as the web process (docs/deployment.md), on a port of its own.
import http from "node:http";
import { errorBody } from "../http/errors";
import { APP_VERSION } from "../version";
import { checkReadiness } from "./check-health";

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const path = (req.url ?? "/").split("?")[0];
  if (path !== "/health/live" && path !== "/health/ready")
    return send(res, 404, errorBody(404, "path_not_found", "No operation at this path"));
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("allow", "GET, HEAD");
    return send(res, 405, errorBody(405, "method_not_allowed", `${req.method} is not served at ${path}; see Allow`));
  }
  if (path === "/health/live") return send(res, 200, { status: "alive", version: APP_VERSION });
  const readiness = await checkReadiness();
  send(res, readiness.status === "ready" ? 200 : 503, readiness);
}

/** Listens on `port` (0: any free port) and resolves once listening. */
export async function startHealthServer(
  port: number,
  host = "0.0.0.0",
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    answer(req, res).catch(() =>
      send(res, 503, errorBody(503, "database_unavailable", "Readiness could not be checked")),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
