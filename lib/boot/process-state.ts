// What this process is doing, for the load balancer's readiness check (lib/health): set by
// start-up (lib/boot/start-app.ts) and by the server's drain on SIGTERM (scripts/serve.mjs,
// which reaches it through globalThis because it is plain JavaScript outside the bundle).
export type WorkersState = "off" | "starting" | "running" | "stopped";

export interface ProcessState {
  /** Start-up (migrations, workers, seed) finished. */
  booted: boolean;
  /** Background workers in this process: off when RUN_WORKERS=false. */
  workers: WorkersState;
  /** SIGTERM received: finishing in-flight requests, taking no new ones. */
  draining: boolean;
}

const g = globalThis as unknown as { __stablelinkProcess?: ProcessState };

export function processState(): ProcessState {
  g.__stablelinkProcess ??= { booted: false, workers: "off", draining: false };
  return g.__stablelinkProcess;
}
