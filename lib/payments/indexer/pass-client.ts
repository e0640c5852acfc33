// Which provider one detection pass reads from. With one RPC provider, the network's client
// as before. With several (RPC_URL_<NETWORK>=https://a,https://b), a pass must not mix them:
// a head from one node and logs from another that has not got those blocks yet would move the
// cursor past logs never seen. So the pass asks every provider its head, takes the one with
// the highest (the first configured on a tie), and reads everything — the continuity check,
// the head, the logs, the blocks, the receipts — from it alone. docs/decisions/rpc-failover.md.
import { type ChainClient, getPublicClient, providerClients, viemChain } from "../../chains/clients";
import type { EvmNetworkId } from "../../chains/networks";

/** How long a provider may take to say its head before the pass goes on without it. */
const HEAD_TIMEOUT_MS = 5_000;

export interface PassClient {
  client: ChainClient;
  /** The chosen provider's head when chosen; null with one provider (not asked here). */
  head: bigint | null;
  /** More than one provider: a head below the cursor is a lagging node, not a reorg. */
  several: boolean;
}

export async function passClient(network: EvmNetworkId): Promise<PassClient> {
  const providers = providerClients(network);
  if (providers.length === 1) return { client: getPublicClient(network), head: null, several: false };
  const chain = viemChain(network);
  const heads = await Promise.all(
    providers.map((p) =>
      p
        .transport({ chain, retryCount: 0, timeout: HEAD_TIMEOUT_MS })
        .request({ method: "eth_blockNumber" })
        .then((h) => BigInt(h as string))
        .catch(() => null),
    ),
  );
  let best = -1;
  for (let i = 0; i < heads.length; i++) {
    const head = heads[i];
    if (head !== null && (best < 0 || head > heads[best]!)) best = i;
  }
  if (best < 0) throw new Error(`${network}: no RPC provider answered eth_blockNumber`);
  return { client: providers[best].client, head: heads[best], several: true };
}
