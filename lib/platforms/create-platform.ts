// Platforms: the tenant every user, key, client ID and payment belongs to. A first sign-in
// creates one (lib/auth/users.ts, in the transaction that creates its first user).
import type { Prisma } from "../db/generated/client";

export async function createPlatform(tx: Prisma.TransactionClient, data: { name: string; isDemo?: boolean }) {
  const platform = await tx.platform.create({ data: { name: data.name.slice(0, 200), isDemo: data.isDemo ?? false } });
  return { id: platform.id, name: platform.name, isDemo: platform.isDemo };
}
