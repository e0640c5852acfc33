// Platforms: the tenant every user, key, client ID and payment belongs to. A first sign-in
// creates one (lib/auth/users.ts, in the transaction that creates its first user).
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";

export async function createPlatform(tx: Prisma.TransactionClient, data: { name: string; isDemo?: boolean }) {
  const platform = await tx.platform.create({ data: { name: data.name.slice(0, 200), isDemo: data.isDemo ?? false } });
  return { id: platform.id, name: platform.name, isDemo: platform.isDemo };
}

export async function getPlatform(id: string) {
  return (await db()).platform.findUnique({
    where: { id },
    select: { id: true, name: true, isDemo: true, createdAt: true, businessName: true, logoPath: true },
  });
}

/** Whether any platform exists yet (the sandbox seeds its demo platform on an empty database). */
export async function hasPlatforms(): Promise<boolean> {
  return (await (await db()).platform.count()) > 0;
}

/** The name to show for a platform: its profile's business name, else the name it was created with. */
export function platformDisplayName(platform: { name: string; businessName: string | null }): string {
  return platform.businessName ?? platform.name;
}
