// Starts the product the way `npm start` does, on its own port and data directory, with its
// sandbox chains on SANDBOX_PORT_BASE (from the environment, as for npm start).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface BenchServer {
  url: string;
  dataDir: string;
  credentials: { apiKey: string; clientId: string; demoRequestId?: string };
  stop(): Promise<void>;
}

export async function startServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stablelink-bench-"));
  const child: ChildProcess = spawn("node", ["scripts/start.mjs"], {
    cwd: path.resolve(path.dirname(new URL(import.meta.url).pathname), ".."),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: "100000000",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", process.env.BENCH_SERVER_LOGS ? "inherit" : "ignore", "inherit"], // BENCH_SERVER_LOGS=1: its warnings and errors
    detached: true,
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok && fs.existsSync(path.join(dataDir, "demo-credentials.json"))) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("server did not start in 5 minutes");
    await new Promise((r) => setTimeout(r, 500));
  }
  const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"));
  return {
    url,
    dataDir,
    credentials,
    stop: async () => {
      // The server saves and stops its sandbox chains on SIGTERM: wait for it to exit.
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", r));
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        /* already gone */
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
