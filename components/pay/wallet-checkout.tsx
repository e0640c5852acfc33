// The wallet part of the payment page, loaded after the first paint (checkout-island.tsx):
// wagmi with the product's one wallet configuration for EVM networks (every wallet the
// browser announces, WalletConnect when configured), TronLink for Tron.
"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { type Connector, useConfig, useConnection } from "wagmi";
import { connect, disconnect, getConnection, switchChain } from "wagmi/actions";
import { connectTronLink, type TronWalletSession } from "@/components/wallet/tron-link";
import { connectorLabel, useWalletConnectors } from "@/components/wallet/use-wallet-connectors";
import type { WalletConfigOptions } from "@/components/wallet/wagmi-config";
import { connectFailureText } from "@/components/wallet/wallet-errors";
import { WalletProvider } from "@/components/wallet/wallet-provider";
import type { CheckoutProps } from "@/lib/pay-page/browser";
import { ACTION_CLASSES } from "./action-link";
import { CheckoutFlow, type PayerWallet } from "./checkout-flow";
import {
  type Eip1193,
  sendCallBatch,
  sendTransaction,
  supportsCallBatches,
  waitForCallBatch,
  waitForReceipt,
} from "./evm-calls";
import type { PageCredentials } from "./pay-api";
import { sendTronCall, waitForTronCall } from "./tron-calls";

export type WalletCheckoutProps = CheckoutProps & {
  wallet: WalletConfigOptions;
  /** Focus the first wallet button on arrival (the person pressed "Connect" while it loaded). */
  focusFirst?: boolean;
};

const WALLET_BUTTON =
  "flex min-h-11 w-full items-center gap-3 rounded-lg border border-black/15 bg-white px-4 py-2.5 text-left text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--pay-action)] disabled:opacity-60";

export default function WalletCheckout(props: WalletCheckoutProps) {
  const credentials = useMemo(() => ({ token: props.token }), [props.token]);
  if (props.network.family === "tron") return <TronCheckout props={props} credentials={credentials} />;
  return (
    <WalletProvider options={props.wallet}>
      <EvmCheckout props={props} credentials={credentials} />
    </WalletProvider>
  );
}

function EvmCheckout({ props, credentials }: { props: WalletCheckoutProps; credentials: PageCredentials }) {
  const config = useConfig();
  const connection = useConnection();
  const connectors = useWalletConnectors();
  const t = useTranslations("wallet");
  const tErr = useTranslations("walletErrors");
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chainId = props.network.chainId;

  const wallet = useMemo<PayerWallet | null>(() => {
    if (connection.status !== "connected") return null;
    const { address, connector } = connection;
    const provider = () => connector.getProvider() as Promise<Eip1193>;
    return {
      address,
      name: connectorLabel(connector),
      chainLabel: String(chainId),
      isOnPaymentChain: () => getConnection(config).chainId === chainId,
      switchToPaymentChain: async () => {
        await switchChain(config, { chainId: chainId as Parameters<typeof switchChain>[1]["chainId"], connector });
      },
      send: async (tx) => sendTransaction(await provider(), address, tx),
      wait: async (hash) => waitForReceipt(await provider(), hash),
      sendBatch: async (txs) => {
        const p = await provider();
        if (!(await supportsCallBatches(p, address, chainId))) return null;
        const { calls } = await waitForCallBatch(p, await sendCallBatch(p, address, chainId, txs));
        return calls;
      },
      evm: {
        chainId: () => getConnection(config).chainId,
        switchTo: async (id) => {
          await switchChain(config, { chainId: id as Parameters<typeof switchChain>[1]["chainId"], connector });
        },
        signTypedData: async (typed) =>
          String(
            await (await provider()).request({
              method: "eth_signTypedData_v4",
              params: [address, JSON.stringify(typed)],
            }),
          ),
      },
      disconnect: () => disconnect(config),
    };
    // The connection object changes identity on every account or chain event; these fields are what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connection.status, connection.address, connection.connector?.uid, config, chainId]);

  async function pick(connector: Connector) {
    setBusy(connector.uid);
    setError(null);
    try {
      if (getConnection(config).status === "connected") await disconnect(config);
      await connect(config, { connector });
    } catch (err) {
      setError(connectFailureText(err, (k) => tErr(k)));
    } finally {
      setBusy(null);
    }
  }

  if (wallet) return <CheckoutFlow key={wallet.address} props={props} wallet={wallet} credentials={credentials} />;
  return (
    <div className="space-y-3">
      <h2 className="text-base font-semibold">{t("payWithWallet")}</h2>
      {connectors.length === 0 ? (
        <p className="text-sm">
          {t("noWallet")}{" "}
          {/* The QR code is shown beside the page on wider screens only: on a phone, scanning it with "your phone" means nothing. */}
          <span className="max-md:hidden">{t("noWalletQr")}</span>
        </p>
      ) : (
        <ul className="space-y-2">
          {connectors.map((c, i) => (
            <li key={c.uid}>
              <button
                type="button"
                autoFocus={props.focusFirst && i === 0}
                className={WALLET_BUTTON}
                onClick={() => void pick(c)}
                disabled={busy !== null}
                aria-busy={busy === c.uid || undefined}
              >
                {c.icon && (
                  // eslint-disable-next-line @next/next/no-img-element -- wallet icons are data URIs announced by the wallet
                  <img src={c.icon} alt="" className="size-6" />
                )}
                {busy === c.uid ? t("connecting") : t("connect", { wallet: connectorLabel(c) })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function TronCheckout({ props, credentials }: { props: WalletCheckoutProps; credentials: PageCredentials }) {
  const t = useTranslations("wallet");
  const tErr = useTranslations("walletErrors");
  const [session, setSession] = useState<TronWalletSession | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const wallet = useMemo<PayerWallet | null>(
    () =>
      session && {
        address: session.address,
        name: "TronLink",
        chainLabel: "tron",
        isOnPaymentChain: () => true, // TronLink pays on the network it is set to; the service builds mainnet calls
        switchToPaymentChain: async () => undefined,
        send: (tx) => sendTronCall(session.address, tx),
        wait: (txid) => waitForTronCall(txid),
        disconnect: async () => {
          await session.disconnect().catch(() => undefined);
          setSession(null);
        },
      },
    [session],
  );

  async function connectTron() {
    setBusy(true);
    setError(null);
    try {
      setSession(await connectTronLink());
    } catch (err) {
      setError(connectFailureText(err, (k) => tErr(k)));
    } finally {
      setBusy(false);
    }
  }

  if (wallet) return <CheckoutFlow key={wallet.address} props={props} wallet={wallet} credentials={credentials} />;
  return (
    <div className="space-y-3">
      <h2 className="text-base font-semibold">{t("payWithTronLink")}</h2>
      <button
        type="button"
        autoFocus={props.focusFirst}
        className={`${ACTION_CLASSES} w-full`}
        onClick={() => void connectTron()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? t("connecting") : t("connectTronLink")}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
