// The only script of the payment page's first load: a button, and the wallet code (wagmi,
// TronLink) fetched when the browser is idle or at the first press, whichever comes first.
// Everything the payer reads arrives as HTML; this keeps the first load small and fast.
"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useState } from "react";
import { ACTION_CLASSES } from "./action-link";
import type { WalletCheckoutProps } from "./wallet-checkout";

const WalletCheckout = lazy(() => import("./wallet-checkout"));

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

export function CheckoutIsland(props: WalletCheckoutProps) {
  const t = useTranslations("wallet");
  const [load, setLoad] = useState(false);
  // Pressed before the wallet code arrived: its first button takes the focus the placeholder had.
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    const w = window as IdleWindow;
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => setLoad(true), { timeout: 1500 });
      return () => w.cancelIdleCallback?.(id);
    }
    const t = setTimeout(() => setLoad(true), 300);
    return () => clearTimeout(t);
  }, []);

  const placeholder = (
    <div className="space-y-3">
      <h2 className="text-base font-semibold">{t("payWithWallet")}</h2>
      <button
        type="button"
        className={`${ACTION_CLASSES} w-full`}
        onClick={() => {
          setPressed(true);
          setLoad(true);
        }}
        aria-busy={load || undefined}
        disabled={load}
      >
        {load ? t("loading") : props.network.family === "tron" ? t("connectTronLink") : t("connectAny")}
      </button>
    </div>
  );
  if (!load) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <WalletCheckout {...props} focusFirst={pressed} />
    </Suspense>
  );
}
