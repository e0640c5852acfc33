import { PageHeader } from "@/components/dashboard/page-header";
import { DestinationsTable } from "@/components/dashboard/payee-destinations/destinations-table";
import { PayeeDestinationsManager } from "@/components/dashboard/payee-destinations/payee-destinations-manager";
import { WalletStepUp } from "@/components/dashboard/payee-destinations/wallet-step-up";
import { sandboxDemoWallets } from "@/lib/auth";
import { getConfig } from "@/lib/config";
import { DEFAULT_DESTINATION_NETWORK, destinationNetworkChoices, requireDashboardSession } from "@/lib/dashboard";
import { listDestinations } from "@/lib/payee-destinations";
import { payeeDestination } from "@/lib/payee-destinations/schemas";
import { wireForm } from "@/lib/zod/wire-form";

export const metadata = { title: "Payee destinations" };

export default async function PayeeDestinationsPage() {
  const session = await requireDashboardSession();
  const destinations = (await listDestinations(session.platform.id)).map((d) => wireForm(payeeDestination, d));
  const networks = destinationNetworkChoices();
  const config = getConfig();
  const wallet = {
    walletConnectProjectId: config.WALLETCONNECT_PROJECT_ID,
    appName: "Stablelink",
    appUrl: config.APP_URL,
  };
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
          wallet={wallet}
          defaultNetwork={DEFAULT_DESTINATION_NETWORK}
          demoWallets={sandboxDemoWallets()}
        />
      ) : (
        <div className="space-y-6">
          <WalletStepUp linkedWallet={session.user.walletAddress} wallet={wallet} demoWallets={sandboxDemoWallets()} />
          <DestinationsTable
            destinations={destinations}
            networkNames={Object.fromEntries(networks.map((n) => [n.id, n.name]))}
            emptyHint="None yet: sign with your wallet above, then add where you want to be paid."
          />
        </div>
      )}
    </>
  );
}
