// Adding a payee destination: pick the network and the token, connect the payee wallet, sign.
"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, SelectField } from "@/components/ui/form-fields";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { DestinationNetworkChoice } from "@/lib/dashboard/browser";
import type { PayeeDestinationView } from "@/lib/payee-destinations/schemas";
import { addPayeeDestination, DestinationChangeError, describeChangeFailure, stepText } from "./destination-change";
import { PayeeWalletField, usePayeeWallet } from "./payee-wallets";
import { sameWallet } from "./wallet-addresses";

export function AddDestinationForm({
  networks,
  defaultNetwork,
  destinations,
  onAdded,
}: {
  networks: DestinationNetworkChoice[];
  /** The network selected at first (Base: low fees), when offered. */
  defaultNetwork?: string;
  destinations: PayeeDestinationView[];
  onAdded: (added: PayeeDestinationView, replaced: PayeeDestinationView | undefined) => void;
}) {
  const titleId = useId();
  const [networkId, setNetworkId] = useState((networks.find((n) => n.id === defaultNetwork) ?? networks[0]).id);
  const network = networks.find((n) => n.id === networkId) ?? networks[0];
  const [tokenAddress, setTokenAddress] = useState(network.tokens[0].address);
  const token = network.tokens.find((t) => t.address === tokenAddress) ?? network.tokens[0];
  const wallet = usePayeeWallet(network.family);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [step, setStep] = useState("");
  const [error, setError] = useState<DestinationChangeError | null>(null);

  const current = wallet
    ? destinations.find((d) => d.active && sameWallet(d.walletAddress, wallet.address))
    : undefined;
  const alreadyActive =
    current !== undefined && current.chainId === network.chainId && sameWallet(current.tokenAddress, token.address);

  function chooseNetwork(id: string) {
    const next = networks.find((n) => n.id === id) ?? networks[0];
    setNetworkId(next.id);
    setTokenAddress(next.tokens[0].address);
    setError(null);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!wallet) return;
    setBusy(true);
    setError(null);
    try {
      const target = {
        walletAddress: wallet.address,
        chainId: network.chainId,
        tokenAddress: token.address,
        networkName: network.name,
      };
      const added = await addPayeeDestination(target, wallet.signer, (s) => setStep(stepText(s, "add", network.name)));
      onAdded(added, alreadyActive ? undefined : current);
    } catch (err) {
      setError(err instanceof DestinationChangeError ? err : describeChangeFailure(err, "submit", "add", network.name));
    } finally {
      setStep("");
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={titleId} className="font-semibold">
        Add a destination
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The payee wallet signs the network and token it wants to be paid in. Signing costs nothing and sends no
        transaction. A wallet has one active destination: adding another one replaces it.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-labelledby={titleId}>
        <fieldset disabled={busy || !hydrated} className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Network" value={network.id} onChange={(e) => chooseNetwork(e.target.value)} required>
            {networks.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
                {n.testnet ? " (testnet)" : ""}
              </option>
            ))}
          </SelectField>
          <fieldset className="space-y-1">
            <legend className="mb-1 text-sm font-medium text-slate-800">Token</legend>
            <div className="flex flex-wrap gap-2">
              {network.tokens.map((t) => (
                <label
                  key={t.address}
                  className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-700"
                >
                  <input
                    type="radio"
                    name="destination-token"
                    value={t.address}
                    checked={t.address === token.address}
                    onChange={() => setTokenAddress(t.address)}
                    className="accent-blue-700"
                  />
                  <span className="font-medium">{t.symbol}</span>
                  <span className="font-mono text-xs text-slate-500" title={t.address}>
                    {t.address.slice(0, 6)}…{t.address.slice(-4)}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </fieldset>

        <fieldset disabled={busy || !hydrated}>
          <PayeeWalletField
            family={network.family}
            label={network.family === "tron" ? "Payee wallet (Tron)" : "Payee wallet"}
          />
        </fieldset>

        {wallet && current && (
          <p className="rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900">
            {alreadyActive
              ? `This wallet’s active destination is already ${current.symbol} on ${network.name}; signing again keeps it as it is.`
              : `This wallet’s active destination is ${current.symbol} on ${networks.find((n) => n.id === current.network)?.name ?? current.network}. Adding ${token.symbol} on ${network.name} deactivates it.`}
          </p>
        )}

        <p role="status" aria-live="polite" className="text-sm font-medium text-slate-700 empty:hidden">
          {step}
        </p>
        <FormError message={error?.message} details={error?.details} />
        {wallet && (
          <div className="flex justify-end">
            <Button type="submit" busy={busy} busyLabel="Adding…" className="w-full sm:w-auto">
              Sign and add {token.symbol} on {network.name}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
