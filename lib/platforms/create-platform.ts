// A platform is created with its first user, in one statement: a first sign-in (wallet or
// email registration) gives the user a platform of their own to manage.
import { db } from "../db/client";

export interface NewOwner {
  email?: string;
  passwordHash?: string;
  walletAddress?: string;
  walletType?: "evm" | "tron";
}

export async function createPlatformWithOwner(name: string, owner: NewOwner) {
  const platform = await (await db()).platform.create({
    data: { name: name.slice(0, 200), users: { create: owner } },
    include: { users: true },
  });
  return { platform: { id: platform.id, name: platform.name, isDemo: platform.isDemo }, user: platform.users[0] };
}

export async function getPlatform(id: string) {
  return (await db()).platform.findUnique({ where: { id }, select: { id: true, name: true, isDemo: true, createdAt: true } });
}
