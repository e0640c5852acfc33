// Step one of adding or deactivating a destination: a fresh nonce and the typed data the
// payee wallet signs over it.
import { notFound } from "../http/errors";
import { formatDestinationId, payeeInteropAddress } from "./destination-id";
import { findDestination } from "./destination-view";
import type { SigningDataAnswer, SigningTarget } from "./schemas";
import { issueSigningNonce } from "./signing-nonces";
import { payeeDestinationTypedData } from "./signing-typed-data";

export async function prepareSigningData(platformId: string, target: SigningTarget): Promise<SigningDataAnswer> {
  const { action, network, walletAddress, token } = target;
  const destinationId = formatDestinationId(network, walletAddress, token.address);
  if (action === "deactivate") {
    const existing = await findDestination(platformId, destinationId);
    if (!existing?.isActive)
      throw notFound("destination_not_found", `No active payee destination ${destinationId} on this platform`);
  }
  const issued = await issueSigningNonce(platformId, {
    action,
    walletAddress,
    chainId: network.chainId,
    tokenAddress: token.address,
  });
  return {
    nonce: issued.nonce,
    expiresAt: new Date(issued.expiresAt * 1000),
    action,
    destinationId,
    payeeAddress: payeeInteropAddress(network, walletAddress),
    walletAddress,
    chainId: network.chainId,
    network: network.id,
    tokenAddress: token.address,
    currency: token.id,
    typedData: payeeDestinationTypedData(issued),
  };
}
