// Reading a platform's destinations: one by id, the active one of a wallet, all of them.
import { db } from "../db/client";
import { credentialCache, forgetCredentials } from "../http/credential-cache";
import { findDestinationOrThrow, toView } from "./destination-view";
import type { PayeeDestinationAnswer } from "./schemas";

/** Views by platform and id, for a few seconds; every change forgets them on every instance. */
const views = credentialCache<PayeeDestinationAnswer>("payee_destination");

export async function getDestination(platformId: string, destinationId: string): Promise<PayeeDestinationAnswer> {
  const key = `${platformId} ${destinationId}`;
  const cached = views.get(key);
  if (cached) return cached;
  const view = toView(await findDestinationOrThrow(platformId, destinationId));
  views.set(key, view);
  return view;
}

/**
 * After a registration or deactivation committed: registering one destination can deactivate
 * another of the wallet, so every cached view goes (changes are rare, reads are many).
 */
export async function forgetDestinationViews(): Promise<void> {
  await forgetCredentials("payee_destination");
}

/** The wallet's active destination, or null (a wallet has at most one). */
export async function activeDestinationOf(
  platformId: string,
  walletAddress: string,
): Promise<PayeeDestinationAnswer | null> {
  const row = await (await db()).payeeDestination.findFirst({
    where: { platformId, walletAddress, isActive: true },
    orderBy: { createdAt: "desc" },
  });
  return row ? toView(row) : null;
}

export interface DestinationFilter {
  walletAddress?: string;
  active?: boolean;
}

/** Newest first, active and deactivated ones unless filtered. */
export async function listDestinations(
  platformId: string,
  filter: DestinationFilter = {},
): Promise<PayeeDestinationAnswer[]> {
  const rows = await (await db()).payeeDestination.findMany({
    where: { platformId, walletAddress: filter.walletAddress, isActive: filter.active },
    orderBy: [{ isActive: "desc" }, { createdAt: "desc" }],
  });
  return rows.map(toView);
}
