// Reading a platform's destinations: one by id, the active one of a wallet, all of them.
import { db } from "../db/client";
import { findDestinationOrThrow, toView } from "./destination-view";
import type { PayeeDestinationView } from "./schemas";

export async function getDestination(platformId: string, destinationId: string): Promise<PayeeDestinationView> {
  return toView(await findDestinationOrThrow(platformId, destinationId));
}

/** The wallet's active destination, or null (a wallet has at most one). */
export async function activeDestinationOf(platformId: string, walletAddress: string): Promise<PayeeDestinationView | null> {
  const row = await (await db()).payeeDestination.findFirst({ where: { platformId, walletAddress, isActive: true }, orderBy: { createdAt: "desc" } });
  return row ? toView(row) : null;
}

export interface DestinationFilter {
  walletAddress?: string;
  active?: boolean;
}

/** Newest first, active and deactivated ones unless filtered. */
export async function listDestinations(platformId: string, filter: DestinationFilter = {}): Promise<PayeeDestinationView[]> {
  const rows = await (await db()).payeeDestination.findMany({
    where: { platformId, walletAddress: filter.walletAddress, isActive: filter.active },
    orderBy: [{ isActive: "desc" }, { createdAt: "desc" }],
  });
  return rows.map(toView);
}
