import type { StepResult } from "./evm-indexer";

// Placeholder until the TronGrid reader lands (slice 5).
export async function tronIndexStep(): Promise<StepResult> {
  return { kind: "idle", head: 0n };
}
