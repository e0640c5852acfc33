// Detecting a chain that went back in time: a reorg on a production chain, or a sandbox chain
// restored from a state persisted about a second behind its head (lib/devnet/sandbox.ts), so
// it restarts without the last blocks while the database may already point at transactions in
// them. Detection checks it before trusting its cursor (evm-indexer.ts). The app records a fingerprint with what it stores and, on
// start-up or before trusting old records, checks the chain still has that block: if not,
// everything recorded from that block on must be reconciled (re-detected or dropped).
import type { Hex } from "viem";
import { getPublicClient } from "../../chains/clients";
import type { EvmNetworkId } from "../../chains/networks";

/** The reads needed here; any viem PublicClient, whatever its chain, provides them. */
export interface BlockReader {
  getChainId(): Promise<number>;
  getBlockNumber(args?: { cacheTime?: number }): Promise<bigint>;
  getBlock(
    args: { blockTag: "latest" } | { blockNumber: bigint },
  ): Promise<{ number: bigint | null; hash: Hex | null }>;
}

export interface ChainFingerprint {
  chainId: number;
  blockNumber: bigint;
  blockHash: Hex;
}

/** The head block of a network: its number and hash. */
export async function chainFingerprint(
  network: EvmNetworkId,
  client: BlockReader = getPublicClient(network),
): Promise<ChainFingerprint> {
  const [chainId, block] = await Promise.all([client.getChainId(), client.getBlock({ blockTag: "latest" })]);
  if (block.number === null || block.hash === null)
    throw new Error(`${network}: the latest block has no number or hash`);
  return { chainId, blockNumber: block.number, blockHash: block.hash };
}

export type ContinuityCheck =
  | { ok: true }
  | { ok: false; reason: "other-chain" | "block-missing" | "block-replaced"; head: bigint };

/**
 * Whether the chain still contains the fingerprinted block. `ok: false` means the chain went
 * back in time (a sandbox restored from an older state, a deleted state file, a reorg):
 * records at or after `fingerprint.blockNumber` may refer to transactions that no longer exist.
 */
export async function checkChainContinuity(
  network: EvmNetworkId,
  fingerprint: ChainFingerprint,
  client: BlockReader = getPublicClient(network),
): Promise<ContinuityCheck> {
  // Uncached: viem keeps a head for a polling interval, and one older than the checkpoint
  // would read as the chain gone back (a reorg undoing what was recorded).
  const [chainId, head] = await Promise.all([client.getChainId(), client.getBlockNumber({ cacheTime: 0 })]);
  if (chainId !== fingerprint.chainId) return { ok: false, reason: "other-chain", head };
  if (head < fingerprint.blockNumber) return { ok: false, reason: "block-missing", head };
  const block = await client.getBlock({ blockNumber: fingerprint.blockNumber });
  return block.hash === fingerprint.blockHash ? { ok: true } : { ok: false, reason: "block-replaced", head };
}
