// Is this signature the payee wallet's, over exactly this signing payload? The approach of
// sign-in (lib/auth/wallet-signature.ts): an EOA's signature is recovered offline (viem);
// any other signature may be a smart-contract wallet's, so the destination's chain is asked
// through its cached client (ERC-1271 for deployed wallets, ERC-6492 for not-yet-deployed
// ones). Tron: TronWeb's TIP-712 verification, offline (Tron has no contract wallets here).
import { type Hex, verifyTypedData } from "viem";
import { type ChainClient, getPublicClient } from "../chains/clients";
import type { EvmNetworkId, Network } from "../chains/networks";
import { log } from "../log";
import {
  PAYEE_DESTINATION_TYPE,
  payeeDestinationTypedData,
  type SigningPayload,
  structTypes,
} from "./signing-typed-data";

function evmTypedData(p: SigningPayload) {
  const { domain, primaryType, message } = payeeDestinationTypedData(p);
  return {
    domain: { ...domain, chainId: BigInt(domain.chainId) },
    types: { PayeeDestination: PAYEE_DESTINATION_TYPE },
    primaryType,
    message: {
      ...message,
      walletAddress: message.walletAddress as Hex,
      tokenAddress: message.tokenAddress as Hex,
      chainId: BigInt(message.chainId),
      expiresAt: BigInt(message.expiresAt),
    },
  };
}

/** The chain's client when it has an RPC (configured, or the sandbox's own chain). */
function contractWalletClient(network: Network): ChainClient | undefined {
  try {
    return getPublicClient(network.id as EvmNetworkId);
  } catch {
    return undefined; // no RPC for this network: only EOA signatures can be checked
  }
}

async function isTronSignature(p: SigningPayload, signature: Hex): Promise<boolean> {
  const { domain, types, message } = payeeDestinationTypedData(p);
  const { Trx } = await import("tronweb"); // loaded for a Tron destination only: over a second per process
  try {
    return Trx.verifyTypedData(domain, structTypes(types), message, signature, p.walletAddress);
  } catch {
    return false; // not a signature at all
  }
}

export async function isPayeeSignature(network: Network, p: SigningPayload, signature: Hex): Promise<boolean> {
  if (network.family === "tron") return isTronSignature(p, signature);
  const typed = evmTypedData(p);
  const address = p.walletAddress as Hex;
  try {
    if (await verifyTypedData({ address, signature, ...typed })) return true;
  } catch {
    // not a 65-byte ECDSA signature: may still be a contract wallet's
  }
  const client = contractWalletClient(network);
  if (!client) return false;
  try {
    return await client.verifyTypedData({ address, signature, ...typed });
  } catch (err) {
    // Only the error kind: viem messages repeat the request (address, signature).
    log.warn({ error: (err as Error).name, network: network.id }, "contract wallet signature check failed");
    return false;
  }
}
