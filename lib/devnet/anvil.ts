// Starts and stops one anvil process. The binary comes from the platform package of
// @foundry-rs/anvil; it is spawned directly (not through `npx anvil`) so that the pid we
// signal is anvil itself and a stop really stops it.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export interface AnvilOptions {
  /** 0: the system picks a free port, read back from anvil's banner (Anvil.port tells it). */
  port: number;
  chainId: number;
  host?: string; // default 127.0.0.1: the sandbox chains are not for the network
  /** anvil's own persistence: load this file at start if it exists, dump to it on exit. */
  state?: string;
  /** Load this file at start, never write it (the caller persists state itself). */
  loadState?: string;
  startTimeoutMs?: number;
  /** More anvil flags (the Tron sandbox's TVM: zero base fee, no block gas limit…). */
  extraArgs?: readonly string[];
  /**
   * Run anvil in its own process group, so a Ctrl-C at the terminal (SIGINT to the whole
   * foreground group) reaches only the app, which saves the chain state and then stops anvil.
   */
  detached?: boolean;
}

export interface Anvil {
  url: string;
  port: number;
  chainId: number;
  pid: number;
  /** SIGTERM (anvil dumps `state` on it), wait for exit; SIGKILL after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
}

const PLATFORM_PACKAGE: Record<string, string> = {
  "linux-x64": "@foundry-rs/anvil-linux-amd64",
  "linux-arm64": "@foundry-rs/anvil-linux-arm64",
  "darwin-x64": "@foundry-rs/anvil-darwin-amd64",
  "darwin-arm64": "@foundry-rs/anvil-darwin-arm64",
  "win32-x64": "@foundry-rs/anvil-win32-amd64",
};

let binary: string | undefined;

export function anvilBinary(): string {
  if (binary) return binary;
  const pkg = PLATFORM_PACKAGE[`${process.platform}-${process.arch}`];
  if (!pkg) throw new Error(`anvil: no @foundry-rs/anvil build for ${process.platform}-${process.arch}`);
  const file = process.platform === "win32" ? "anvil.exe" : "anvil";
  const candidates: string[] = [];
  try {
    const require = createRequire(import.meta.url);
    candidates.push(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), "bin", file));
  } catch {
    // bundled code may not resolve packages; fall back to the project's node_modules
  }
  candidates.push(path.join(process.cwd(), "node_modules", pkg, "bin", file));
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) throw new Error(`anvil: binary not found (looked in ${candidates.join(", ")}); install ${pkg}`);
  binary = found;
  return found;
}

// Children must not outlive a process that exits without stopping them (a thrown error, a
// test runner tearing down). A SIGKILLed parent still leaves orphans: sandbox.ts handles those.
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function trackChild(child: ChildProcess): void {
  running.add(child);
  child.once("exit", () => running.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once("exit", () => {
      for (const c of running) c.kill("SIGTERM");
    });
  }
}

export async function rpcRequest<T>(
  url: string,
  method: string,
  params: unknown[] = [],
  timeoutMs = 2_000,
): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

export async function startAnvil(options: AnvilOptions): Promise<Anvil> {
  const host = options.host ?? "127.0.0.1";
  const pickPort = options.port === 0;
  // --silent would also hide the "Listening on" line that tells a picked port.
  const args = ["--host", host, "--port", String(options.port), "--chain-id", String(options.chainId)];
  if (!pickPort) args.push("--silent");
  if (options.extraArgs) args.push(...options.extraArgs);
  if (options.state) args.push("--state", options.state);
  else if (options.loadState) args.push("--load-state", options.loadState);

  // Otherwise a node already listening there would answer for the one that failed to bind.
  if (
    !pickPort &&
    (await rpcRequest(`http://${host}:${options.port}`, "eth_chainId", [], 300).then(
      () => true,
      () => false,
    ))
  ) {
    throw new Error(`port ${options.port} is already in use by another JSON-RPC node`);
  }

  const child = spawn(anvilBinary(), args, {
    stdio: ["ignore", pickPort ? "pipe" : "ignore", "pipe"],
    detached: options.detached ?? false,
  });
  trackChild(child);
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-4_000);
  });
  let port = options.port;
  let stdout = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    if (port !== 0) return; // read on, so a full pipe never blocks anvil
    stdout = (stdout + chunk).slice(-4_000);
    const listening = /Listening on [^\s]*:(\d+)/.exec(stdout);
    if (listening) port = Number(listening[1]);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const deadline = Date.now() + (options.startTimeoutMs ?? 15_000);
  for (;;) {
    if (hasExited)
      throw new Error(`anvil on port ${options.port} exited during start-up: ${stderr.trim() || "no output"}`);
    if (port === 0) {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`anvil did not say which port it picked in time: ${stderr.trim()}`);
      }
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    try {
      const id = await rpcRequest<string>(`http://${host}:${port}`, "eth_chainId", [], 500);
      if (Number(id) !== options.chainId) {
        child.kill("SIGKILL");
        throw new Error(`port ${options.port} answers with chain id ${Number(id)}, expected ${options.chainId}`);
      }
      break;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("port ")) throw error;
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`anvil on port ${options.port} did not answer eth_chainId in time: ${stderr.trim()}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  return {
    url: `http://${host}:${port}`,
    port,
    chainId: options.chainId,
    pid: child.pid!,
    async stop(timeoutMs = 10_000) {
      if (hasExited) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
