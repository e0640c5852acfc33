// The signed-in platform user of a dashboard page (server components). The session is the
// same row the API resolves from the session_token cookie, so a wallet session's idle
// timeout slides with page views as it does with API calls.

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getSignedInUser, resolveSession, type SessionKind } from "../auth";
import type { PublicUserView } from "../auth/schemas";
import { SESSION_COOKIE } from "../http/caller";
import { getPlatform, platformDisplayName } from "../platforms";
import { DASHBOARD_HOME, DASHBOARD_PATH_HEADER, signInUrl } from "./sign-in-redirect";

export interface DashboardSession {
  user: PublicUserView;
  /** `name` is what to show: the profile's business name, else the name it was created with. */
  platform: { id: string; name: string; isDemo: boolean; logoUrl: string | null };
  sessionKind: SessionKind;
  sessionId: string;
  expiresAt: Date;
}

/** The session of this request, or null when signed out or expired (one lookup per render). */
export const getDashboardSession = cache(async (): Promise<DashboardSession | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  const session = await resolveSession(token);
  if (!session) return null;
  const [who, platform] = await Promise.all([getSignedInUser(session.userId), getPlatform(session.platformId)]);
  if (!who || !platform) return null;
  return {
    user: who.user,
    platform: {
      id: platform.id,
      name: platformDisplayName(platform),
      isDemo: platform.isDemo,
      logoUrl: platform.logoPath,
    },
    sessionKind: session.kind,
    sessionId: session.id,
    expiresAt: session.expiresAt,
  };
});

/** The session, or a redirect to the sign-in page that comes back to the requested page. */
export async function requireDashboardSession(): Promise<DashboardSession> {
  const session = await getDashboardSession();
  if (session) return session;
  redirect(signInUrl((await headers()).get(DASHBOARD_PATH_HEADER) ?? DASHBOARD_HOME));
}
