// For other domains (secure payments): where a platform's destination id pays to. Refuses
// what must not be paid: a malformed id, another platform's or an unknown one (404, like
// every foreign id), and a deactivated one.

import type { Currency } from "../chains/currencies";
import type { NetworkId } from "../chains/networks";
import { db } from "../db/client";
import { ApiError, badRequest } from "../http/errors";
import { parseDestinationId } from "./destination-id";
import { findDestinationOrThrow, rowTarget } from "./destination-view";

export interface ResolvedDestination {
  destinationId: string; // canonical
  walletAddress: string; // EIP-55 hex, or Tron base58
  network: NetworkId;
  chainId: number;
  /** The token's currency record (USDC or USDT of the network; decimals, address, id). */
  currency: Currency;
}

function resolved(row: {
  destinationId: string;
  walletAddress: string;
  chainId: number;
  tokenAddress: string;
}): ResolvedDestination {
  const { network, token } = rowTarget(row);
  return {
    destinationId: row.destinationId,
    walletAddress: row.walletAddress,
    network: network.id,
    chainId: network.chainId,
    currency: token,
  };
}

/**
 * The platform's active destinations, at most two (the newest first): a caller that names none
 * pays the platform's active destination when there is exactly one.
 */
export async function activePlatformDestinations(platformId: string): Promise<ResolvedDestination[]> {
  const rows = await (await db()).payeeDestination.findMany({
    where: { platformId, isActive: true },
    orderBy: { createdAt: "desc" },
    take: 2,
  });
  return rows.map(resolved);
}

export async function resolvePayeeDestination(platformId: string, destinationId: string): Promise<ResolvedDestination> {
  const parsed = parseDestinationId(destinationId);
  if (!parsed.ok)
    throw badRequest("destination_id_invalid", `destinationId ${parsed.problem}`, [
      { field: "destinationId", message: parsed.problem },
    ]);
  const row = await findDestinationOrThrow(platformId, parsed.destinationId);
  if (!row.isActive) {
    throw new ApiError(
      409,
      "destination_deactivated",
      `Payee destination ${row.destinationId} is deactivated: the payee must register it again before it can be paid`,
    );
  }
  return resolved(row);
}
