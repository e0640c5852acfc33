import { PageHeader } from "@/components/dashboard/page-header";
import { ProfileForm } from "@/components/dashboard/settings/profile-form";
import { SessionsList } from "@/components/dashboard/settings/sessions-list";
import { SignInMethods } from "@/components/dashboard/settings/sign-in-methods";
import { TwoFactorSettings } from "@/components/dashboard/settings/two-factor-settings";
import { listUserSessions, sandboxDemoWallets, twoFactorStatus } from "@/lib/auth";
import { getConfig } from "@/lib/config";
import { requireDashboardSession } from "@/lib/dashboard";
import { getPlatformProfile } from "@/lib/platforms";

export const metadata = { title: "Settings" };

export default async function SettingsPage() {
  const session = await requireDashboardSession();
  const [profile, twoFactor, sessions] = await Promise.all([
    getPlatformProfile(session.platform.id),
    twoFactorStatus(session.user.id),
    listUserSessions(session.user.id, session.sessionId),
  ]);
  const config = getConfig();
  return (
    <>
      <PageHeader title="Settings">
        <p>Your platform’s profile, the ways you sign in to it, and where you are signed in.</p>
      </PageHeader>
      <div className="space-y-6">
        <ProfileForm profile={profile} />
        <SignInMethods
          user={session.user}
          wallet={{
            walletConnectProjectId: config.WALLETCONNECT_PROJECT_ID,
            appName: "Stablelink",
            appUrl: config.APP_URL,
          }}
          demoWallets={sandboxDemoWallets()}
        />
        <TwoFactorSettings state={twoFactor} hasEmail={session.user.email !== null} />
        <SessionsList sessions={sessions} />
      </div>
    </>
  );
}
