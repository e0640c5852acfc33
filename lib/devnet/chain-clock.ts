// Moves an anvil chain's clock (evm_increaseTime + evm_mine): recurring instalments are due by
// chain time, so the sandbox script (scripts/chain-time.ts) and the tests use this.
import { rpcRequest } from "./anvil";

/** Moves the clock `seconds` forward and mines a block carrying it; answers the new block time. */
export async function moveChainClock(url: string, seconds: number): Promise<number> {
  await rpcRequest(url, "evm_increaseTime", [seconds]);
  await rpcRequest(url, "evm_mine", []);
  const block = (await rpcRequest(url, "eth_getBlockByNumber", ["latest", false])) as { timestamp: string };
  return Number(BigInt(block.timestamp));
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 7 * 86_400 };

/** "90" (seconds), "15m", "12h", "7d", "2w" → seconds; undefined when not one of those. */
export function parseDuration(text: string): number | undefined {
  const m = /^(\d+)([smhdw]?)$/.exec(text.trim());
  if (!m) return undefined;
  const seconds = Number(m[1]) * UNIT_SECONDS[m[2] || "s"];
  return seconds > 0 ? seconds : undefined;
}
