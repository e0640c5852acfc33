// Reading platforms: one by id (the dashboard header, the payment page's merchant, the payer
// portal) and whether any exists yet.
import { db } from "../db/client";

export async function getPlatform(id: string) {
  return (await db()).platform.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      isDemo: true,
      createdAt: true,
      businessName: true,
      logoPath: true,
      requireTwoFactor: true,
    },
  });
}

/** Whether any platform exists yet (the sandbox seeds its demo platform on an empty database). */
export async function hasPlatforms(): Promise<boolean> {
  return (await (await db()).platform.count()) > 0;
}
