// Does this signature of this message come from this wallet? EVM: an EOA's personal_sign
// signature is recovered offline (viem); other signatures (smart-contract wallets, ERC-1271,
// and not-yet-deployed ones, ERC-6492) are checked on chain through a viem PublicClient when
// the network has an RPC. Tron: TronWeb's message signing (V2, "\x19TRON Signed Message:\n"),
// verified offline.
import { createPublicClient, type Hex, type PublicClient, verifyMessage } from "viem";
import { type EvmNetworkId, networkByChainId } from "../chains/networks";
import { failoverTransport, rpcProviders } from "../chains/rpc-transport";
import { getConfig } from "../config";
import { log } from "../log";
import type { WalletType } from "./wallet-address";

export interface SignedMessage {
  walletType: WalletType;
  address: string; // EVM checksummed or lowercased, Tron base58
  message: string;
  signature: string;
  /** The Chain ID of the sign-in message: where a contract wallet is asked. */
  chainId: number;
}

function asHex(signature: string): Hex | null {
  const s = signature.startsWith("0x") || signature.startsWith("0X") ? signature.slice(2) : signature;
  return /^[0-9a-fA-F]+$/.test(s) && s.length % 2 === 0 ? (`0x${s}` as Hex) : null;
}

// The seam for contract-wallet checks. It creates a client only for a network with a
// configured RPC URL (sandbox chains hold no contract wallets); lib/chains/clients.ts's
// cached getPublicClient(network) is the intended replacement once it exists.
const clients = new Map<string, PublicClient>();
function contractWalletClient(chainId: number): PublicClient | undefined {
  const network = networkByChainId(chainId);
  if (!network || network.family !== "evm") return undefined;
  const urls = getConfig().rpcUrls[network.id as EvmNetworkId];
  if (!urls) return undefined;
  const key = urls.join(",");
  let client = clients.get(key);
  if (!client) {
    // Several providers: the same failover as the network's client (lib/chains/rpc-transport.ts).
    const transport = failoverTransport(rpcProviders(urls, { timeout: 10_000, retryCount: 1 }));
    client = createPublicClient({ transport }) as PublicClient;
    clients.set(key, client);
  }
  return client;
}

export async function isValidWalletSignature(s: SignedMessage): Promise<boolean> {
  const signature = asHex(s.signature);
  if (!signature) return false;
  if (s.walletType === "tron") {
    try {
      const { Trx } = await import("tronweb"); // loaded on a Tron sign-in only: over a second per process
      return Trx.verifyMessageV2(s.message, signature) === s.address;
    } catch {
      return false; // malformed signature
    }
  }
  const address = s.address as Hex;
  try {
    if (await verifyMessage({ address, message: s.message, signature })) return true;
  } catch {
    // not a 65-byte ECDSA signature: may still be a contract wallet's
  }
  const client = contractWalletClient(s.chainId);
  if (!client) return false;
  try {
    return await client.verifyMessage({ address, message: s.message, signature });
  } catch (err) {
    // Only the error kind: viem messages repeat the request (address, signature).
    log.warn({ error: (err as Error).name, chainId: s.chainId }, "contract wallet signature check failed");
    return false;
  }
}
