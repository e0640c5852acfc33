import { PageHeader } from "@/components/dashboard/page-header";
import { ProfileForm } from "@/components/dashboard/settings/profile-form";
import { SignInMethods } from "@/components/dashboard/settings/sign-in-methods";
import { sandboxDemoWallets } from "@/lib/auth";
import { getConfig } from "@/lib/config";
import { requireDashboardSession } from "@/lib/dashboard";
import { getPlatformProfile } from "@/lib/platforms";

export const metadata = { title: "Settings" };

export default async function SettingsPage() {
  const session = await requireDashboardSession();
  const profile = await getPlatformProfile(session.platform.id);
  const config = getConfig();
  return (
    <>
      <PageHeader title="Settings">
        <p>Your platform’s profile, and the ways you sign in to it.</p>
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
      </div>
    </>
  );
}
