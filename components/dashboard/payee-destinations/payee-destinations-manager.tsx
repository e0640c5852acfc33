// The payee-destinations page of a wallet session: add (sign), list, deactivate (sign).
"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import type { WalletConfigOptions } from "@/components/wallet/wagmi-config";
import { WalletProvider } from "@/components/wallet/wallet-provider";
import type { DestinationNetworkChoice } from "@/lib/dashboard/browser";
import type { PayeeDestinationView } from "@/lib/payee-destinations/schemas";
import { AddDestinationForm } from "./add-destination-form";
import { DeactivateDestinationButton } from "./deactivate-destination";
import { DestinationsTable } from "./destinations-table";
import { PayeeWalletsProvider } from "./payee-wallets";

type Outcome =
  | { kind: "added"; destination: PayeeDestinationView; replaced?: PayeeDestinationView }
  | { kind: "deactivated"; destination: PayeeDestinationView };

function OutcomeNotice({ outcome, networkNames }: { outcome: Outcome; networkNames: Record<string, string> }) {
  const d = outcome.destination;
  const what = `${d.symbol} on ${networkNames[d.network] ?? d.network}`;
  if (outcome.kind === "deactivated") {
    return (
      <p role="status" className="rounded-lg border border-slate-300 bg-slate-50 p-4 text-sm">
        The destination {what} of <span className="font-mono break-all">{d.walletAddress}</span> is deactivated: secure
        payments no longer pay to it.
      </p>
    );
  }
  const replaced = outcome.replaced;
  return (
    <section role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-900">
      <p className="font-semibold">Destination added: {what}</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code className="min-w-0 flex-1 rounded border border-emerald-200 bg-white px-3 py-2 font-mono break-all">
          {d.destinationId}
        </code>
        <CopyButton value={d.destinationId} what="the new destination ID" />
      </div>
      <p className="mt-2">
        Secure payments name it as <code>destinationId</code>.{" "}
        <Link className="font-medium underline" href="/dashboard/payment-links">
          Create a payment link
        </Link>{" "}
        that pays it.
        {replaced &&
          ` The wallet’s previous destination, ${replaced.symbol} on ${networkNames[replaced.network] ?? replaced.network}, is now inactive.`}
      </p>
    </section>
  );
}

export function PayeeDestinationsManager({
  destinations,
  networks,
  wallet,
  defaultNetwork,
  demoWallets = null,
}: {
  destinations: PayeeDestinationView[];
  networks: DestinationNetworkChoice[];
  /** The network the form starts on. */
  defaultNetwork: string;
  wallet: WalletConfigOptions;
  /** Sandbox only: demo wallets the page may sign with on the server. */
  demoWallets?: string[] | null;
}) {
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const networkNames = Object.fromEntries(networks.map((n) => [n.id, n.name]));
  const refresh = () => startRefresh(() => router.refresh());

  return (
    <WalletProvider options={wallet}>
      <PayeeWalletsProvider demoWallets={demoWallets}>
        <div className="space-y-6">
          {outcome && <OutcomeNotice outcome={outcome} networkNames={networkNames} />}
          <AddDestinationForm
            networks={networks}
            defaultNetwork={defaultNetwork}
            destinations={destinations}
            onAdded={(destination, replaced) => {
              setOutcome({ kind: "added", destination, replaced });
              refresh();
            }}
          />
          <section aria-labelledby="destinations-title" className="space-y-3">
            <h2 id="destinations-title" className="font-semibold">
              Destinations
            </h2>
            <DestinationsTable
              destinations={destinations}
              networkNames={networkNames}
              busy={refreshing}
              emptyHint="Add one above: the payee wallet signs where it wants to be paid, and secure payments pay there."
              actions={(d) =>
                d.active && (
                  <DeactivateDestinationButton
                    destination={d}
                    networkName={networkNames[d.network] ?? d.network}
                    onDeactivated={(destination) => {
                      setOutcome({ kind: "deactivated", destination });
                      refresh();
                    }}
                  />
                )
              }
            />
          </section>
        </div>
      </PayeeWalletsProvider>
    </WalletProvider>
  );
}
