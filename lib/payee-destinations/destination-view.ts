// A stored destination as the API shows it, and the lookups every reader shares. Every
// lookup is scoped to a platform: another platform's destination is "not found".

import { type Network, networkByChainId } from "../chains/networks";
import { db } from "../db/client";
import type { PayeeDestination } from "../db/generated/client";
import { notFound } from "../http/errors";
import { payeeBinaryInteropAddress, payeeInteropAddress } from "./destination-id";
import { destinationSymbol, destinationToken } from "./destination-tokens";
import type { PayeeDestinationAnswer } from "./schemas";

export const DESTINATION_NOT_FOUND = "Payee destination not found";

/** The network and token of a stored row (both were checked when it was registered). */
export function rowTarget(row: Pick<PayeeDestination, "chainId" | "tokenAddress">) {
  const network = networkByChainId(row.chainId) as Network;
  const token = destinationToken(network.id, row.tokenAddress);
  if (!token) throw new Error(`${row.tokenAddress} on ${network.id} is no longer a destination token`);
  return { network, token };
}

export function toView(row: PayeeDestination): PayeeDestinationAnswer {
  const { network, token } = rowTarget(row);
  const interopName = payeeInteropAddress(network, row.walletAddress);
  return {
    destinationId: row.destinationId,
    payeeAddress: interopName,
    humanReadableInteropAddress: interopName,
    binaryInteropAddress: payeeBinaryInteropAddress(network, row.walletAddress),
    walletAddress: row.walletAddress,
    chainId: row.chainId,
    network: network.id,
    tokenAddress: row.tokenAddress,
    currency: token.id,
    symbol: destinationSymbol(token),
    decimals: token.decimals,
    active: row.isActive,
    createdAt: row.createdAt,
    deactivatedAt: row.deactivatedAt,
  };
}

export async function findDestination(platformId: string, destinationId: string): Promise<PayeeDestination | null> {
  return (await db()).payeeDestination.findUnique({
    where: { platformId_destinationId: { platformId, destinationId } },
  });
}

export async function findDestinationOrThrow(platformId: string, destinationId: string): Promise<PayeeDestination> {
  const row = await findDestination(platformId, destinationId);
  if (!row) throw notFound("destination_not_found", DESTINATION_NOT_FOUND);
  return row;
}
