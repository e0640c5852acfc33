// The payee wallet the page signs with: an EVM wallet through wagmi, or TronLink through the
// Tron adapter. It is connected on this page, on purpose, and need not be the wallet that
// signed in: the session says which platform, the payee wallet's signature says where it
// wants to be paid.
"use client";

import { createContext, type ReactNode, useContext, useState } from "react";
import { type Config, type Connector, useConfig, useConnection } from "wagmi";
import { connect, disconnect, getConnection, switchChain } from "wagmi/actions";
import { Button } from "@/components/ui/button";
import { FormError, SelectField, TextField } from "@/components/ui/form-fields";
import { connectTronLink, type TronWalletSession } from "@/components/wallet/tron-link";
import { connectorLabel, useWalletConnectors } from "@/components/wallet/use-wallet-connectors";
import { isWalletChain } from "@/components/wallet/wagmi-config";
import { connectFailureText } from "@/components/wallet/wallet-errors";
import { structTypes } from "@/lib/payee-destinations/browser";
import { apiRequest } from "../api-client";
import type { PayeeSigner, WireTypedData } from "./destination-change";
import { sameWallet } from "./wallet-addresses";

export type WalletFamily = "evm" | "tron";

export interface ConnectedPayeeWallet {
  family: WalletFamily;
  address: string;
  /** The wallet's name, e.g. "MetaMask" or "TronLink". */
  name: string;
  signer: PayeeSigner;
}

type TronState = [TronWalletSession | null, (session: TronWalletSession | null) => void];
const TronWalletContext = createContext<TronState | null>(null);

// Sandbox only: the demo wallets the page may sign with on the server, and the one chosen.
type DemoState = { wallets: string[]; chosen: string | null; choose: (address: string | null) => void };
const DemoWalletContext = createContext<DemoState | null>(null);

export function PayeeWalletsProvider({
  children,
  demoWallets = null,
}: {
  children: ReactNode;
  demoWallets?: string[] | null;
}) {
  const state = useState<TronWalletSession | null>(null);
  const [chosen, choose] = useState<string | null>(null);
  const demo = demoWallets && demoWallets.length > 0 ? { wallets: demoWallets, chosen, choose } : null;
  return (
    <TronWalletContext.Provider value={state}>
      <DemoWalletContext.Provider value={demo}>{children}</DemoWalletContext.Provider>
    </TronWalletContext.Provider>
  );
}

/** The demo wallet's signature of the typed data, made on the server (sandbox only). */
function demoSigner(address: string): PayeeSigner {
  return {
    address,
    async signTypedData(typedData: WireTypedData) {
      const r = await apiRequest<{ signature: string }>(
        "POST",
        `/v1/auth/demo-wallets/${encodeURIComponent(address)}/sign`,
        { typedData },
      );
      return r.signature;
    },
  };
}

function evmSigner(config: Config, address: `0x${string}`, connector: Connector): PayeeSigner {
  return {
    address,
    async ensureChain(chainId, switching) {
      if (getConnection(config).chainId === chainId) return;
      if (!isWalletChain(chainId)) throw new Error(`The wallet setup of this page has no chain ${chainId}`);
      switching();
      await switchChain(config, { chainId, connector });
    },
    async signTypedData(typedData: WireTypedData) {
      // The API's typed data goes to the wallet as it is (viem's own serialisation would
      // lowercase the addresses the person reads in the wallet before signing).
      const provider = (await connector.getProvider()) as {
        request(args: { method: string; params: unknown[] }): Promise<unknown>;
      };
      return String(
        await provider.request({ method: "eth_signTypedData_v4", params: [address, JSON.stringify(typedData)] }),
      );
    },
  };
}

function tronSigner(session: TronWalletSession): PayeeSigner {
  return {
    address: session.address,
    // TIP-712 through TronLink: the same typed data, without the EIP712Domain entry.
    signTypedData: (typedData: WireTypedData) =>
      session.signTypedData({
        domain: typedData.domain,
        types: structTypes(typedData.types),
        message: typedData.message,
      }),
  };
}

/** The connected payee wallet of this family, or null. */
export function usePayeeWallet(family: WalletFamily): ConnectedPayeeWallet | null {
  const config = useConfig();
  const connection = useConnection();
  const tron = useContext(TronWalletContext)?.[0] ?? null;
  const demo = useContext(DemoWalletContext);
  if (family === "tron") return tron && { family, address: tron.address, name: "TronLink", signer: tronSigner(tron) };
  if (demo?.chosen)
    return {
      family,
      address: demo.chosen,
      name: "a demo wallet (signed by the sandbox)",
      signer: demoSigner(demo.chosen),
    };
  if (connection.status !== "connected") return null;
  return {
    family,
    address: connection.address,
    name: connectorLabel(connection.connector),
    signer: evmSigner(config, connection.address, connection.connector),
  };
}

/**
 * The payee wallet of a form or dialog: the connected address (read-only: the signer is that
 * wallet), or the buttons to connect one. With `expected`, says when the connected wallet is
 * not the one that must sign.
 */
export function PayeeWalletField({
  family,
  label,
  expected,
}: {
  family: WalletFamily;
  label: string;
  expected?: string;
}) {
  const config = useConfig();
  const connectors = useWalletConnectors();
  const [tron, setTron] = useContext(TronWalletContext) ?? [null, () => undefined];
  const demo = useContext(DemoWalletContext);
  const [demoPick, setDemoPick] = useState(demo?.wallets[0] ?? "");
  const wallet = usePayeeWallet(family);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(key: string, action: () => Promise<void>) {
    setBusy(key);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(connectFailureText(err));
    } finally {
      setBusy(null);
    }
  }

  const connectEvm = (connector: Connector) =>
    run(connector.uid, async () => {
      if (getConnection(config).status === "connected") await disconnect(config);
      await connect(config, { connector });
    });
  const connectTron = () => run("tron", async () => setTron(await connectTronLink()));
  const disconnectWallet = () =>
    run("disconnect", async () => {
      if (family === "evm" && demo?.chosen) demo.choose(null);
      else if (family === "evm") await disconnect(config);
      else {
        await tron?.disconnect();
        setTron(null);
      }
    });

  const mismatch = wallet && expected && !sameWallet(wallet.address, expected);
  return (
    <div className="space-y-2">
      {wallet ? (
        <>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <div className="min-w-0 flex-1">
              <TextField
                label={label}
                value={wallet.address}
                readOnly
                required
                className="bg-slate-50 font-mono"
                hint={`Connected with ${wallet.name}. This wallet signs${expected ? "" : " and is paid"}; to use another, switch accounts in the wallet or disconnect it.`}
              />
            </div>
            <Button variant="secondary" className="sm:mt-6" onClick={disconnectWallet} busy={busy === "disconnect"}>
              Disconnect
            </Button>
          </div>
          {mismatch && (
            <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              The destination’s wallet <span className="font-mono break-all">{expected}</span> must sign, not the
              connected one. Switch to it in your wallet, or disconnect and connect it.
            </p>
          )}
        </>
      ) : (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{label}</legend>
          <p className="text-xs text-slate-600">
            {expected ? (
              <>
                Connect <span className="font-mono break-all">{expected}</span> to sign.
              </>
            ) : family === "tron" ? (
              "Connect the Tron wallet to be paid: it signs where it wants to be paid. Signing costs nothing and sends no transaction."
            ) : (
              "Connect the wallet to be paid: it signs where it wants to be paid. Signing costs nothing and sends no transaction."
            )}
          </p>
          {family === "tron" ? (
            <Button variant="secondary" onClick={connectTron} busy={busy === "tron"} busyLabel="Connecting…">
              Connect TronLink
            </Button>
          ) : demo ? (
            <div className="space-y-2">
              {connectors.length > 0 && (
                <div className="flex flex-wrap gap-2">
                  {connectors.map((c) => (
                    <Button
                      key={c.uid}
                      variant="secondary"
                      onClick={() => connectEvm(c)}
                      busy={busy === c.uid}
                      busyLabel="Connecting…"
                      disabled={busy !== null && busy !== c.uid}
                    >
                      Connect {connectorLabel(c)}
                    </Button>
                  ))}
                </div>
              )}
              <div className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 sm:flex-row sm:items-end">
                <div className="min-w-0 flex-1">
                  <SelectField
                    label="Sandbox: demo wallet"
                    value={demoPick}
                    onChange={(e) => setDemoPick(e.target.value)}
                    hint="The sandbox signs with the demo wallet's public test key."
                  >
                    {demo.wallets.map((w, i) => (
                      <option key={w} value={w}>
                        Demo wallet {i + 1} ({w.slice(0, 6)}…{w.slice(-4)})
                      </option>
                    ))}
                  </SelectField>
                </div>
                <Button variant="secondary" onClick={() => demo.choose(demoPick)}>
                  Sign with a demo wallet
                </Button>
              </div>
            </div>
          ) : connectors.length === 0 ? (
            <p className="text-sm text-slate-700">
              No browser wallet found. Install one (MetaMask, Rabby, Coinbase Wallet…) or open this page in your
              wallet’s browser.
            </p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {connectors.map((c) => (
                <Button
                  key={c.uid}
                  variant="secondary"
                  onClick={() => connectEvm(c)}
                  busy={busy === c.uid}
                  busyLabel="Connecting…"
                  disabled={busy !== null && busy !== c.uid}
                >
                  {c.icon && (
                    // eslint-disable-next-line @next/next/no-img-element -- wallet icons are data URIs announced by the wallet
                    <img src={c.icon} alt="" className="size-5" />
                  )}
                  Connect {connectorLabel(c)}
                </Button>
              ))}
            </div>
          )}
        </fieldset>
      )}
      <FormError message={error} />
    </div>
  );
}
