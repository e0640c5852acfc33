import { PageHeader } from "@/components/dashboard/page-header";
import { DestinationsTable } from "@/components/dashboard/payee-destinations/destinations-table";
import { PayeeDestinationsManager } from "@/components/dashboard/payee-destinations/payee-destinations-manager";
import { WalletSessionRequired } from "@/components/dashboard/payee-destinations/wallet-session-required";
import { sandboxDemoWallets } from "@/lib/auth";
import { getConfig } from "@/lib/config";
import { destinationNetworkChoices, requireDashboardSession } from "@/lib/dashboard";
import { listDestinations } from "@/lib/payee-destinations";

export const metadata = { title: "Payee destinations" };

export default async function PayeeDestinationsPage() {
  const session = await requireDashboardSession();
  const destinations = await listDestinations(session.platform.id);
  const networks = destinationNetworkChoices();
  const config = getConfig();
  return (
    <>
      <PageHeader title="Payee destinations">
        <p>
          Where a payee wants to be paid: a wallet, a network and its USDC or USDT, proved by the payee wallet’s
          signature. Secure payments pay to a destination by its ID.
        </p>
      </PageHeader>
      {session.sessionKind === "wallet" ? (
        <PayeeDestinationsManager
          destinations={destinations}
          networks={networks}
          wallet={{
            walletConnectProjectId: config.WALLETCONNECT_PROJECT_ID,
            appName: "Stablelink",
            appUrl: config.APP_URL,
          }}
          demoWallets={sandboxDemoWallets()}
        />
      ) : (
        <div className="space-y-6">
          <WalletSessionRequired />
          <DestinationsTable
            destinations={destinations}
            networkNames={Object.fromEntries(networks.map((n) => [n.id, n.name]))}
            emptyHint="Destinations are added by signing with the payee wallet, in a wallet sign-in."
          />
        </div>
      )}
    </>
  );
}
