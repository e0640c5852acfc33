// What the payment page shows, decided on the server: one of the states a link can be in, with
// everything the first paint needs. The browser island gets only the payable state's few
// fields it acts on (token, network, labels, the contract-check policy).
import type { NetworkId } from "../chains/networks";
import type { CrosschainPolicy } from "../crosschain/browser";
import type { CallPolicy } from "../secure-payments/browser";
import type { PageBranding } from "./page-branding";

export interface PayNetwork {
  id: NetworkId;
  name: string;
  chainId: number;
  family: "evm" | "tron";
  testnet: boolean;
}

export interface PayCurrency {
  id: string;
  symbol: string;
  decimals: number;
  /** Token address (EVM hex or Tron base58); empty for a native coin. */
  address: string;
}

export interface PayLine {
  label: string;
  /** Decimal string in `currency`. */
  amount: string;
}

export interface PayPayee {
  /** null when the creator chose to hide the payee's address. */
  address: string | null;
  amount: string;
}

export interface PayRedirect {
  url: string;
  label: string;
}

interface Branded {
  branding: PageBranding;
  /** The platform's or orchestrator's name shown beside the logo, when known. */
  merchantName: string | null;
  sandbox: boolean;
}

/** One payout of a multicall, as its row in the list. */
export interface MulticallChildView {
  position: number;
  token: string;
  payee: string | null;
  amount: string | null;
  symbol: string | null;
  reference: string | null;
  executable: boolean;
  /** Why it cannot be paid now, in words; null when it can. */
  blocked: string | null;
}

export interface MulticallTotals {
  childCount: number;
  blockedChildCount: number;
  /** "75 USDC" per token of the payable children. */
  byCurrency: string[];
  fees: string;
  payerTotal: string;
}

export interface PayableView extends Branded {
  state: "payable";
  token: string;
  paymentType: "single" | "batch" | "multicall";
  network: PayNetwork;
  currency: PayCurrency;
  payees: PayPayee[];
  amount: string;
  /** What earlier payments already paid of these requests (an underpayment), in `currency`; absent when nothing was. `amount` is then what remains. */
  alreadyPaid?: string;
  fees: PayLine[];
  /** What the payer sends in total (amount + fees borne by the payer), in `currency`. */
  total: string;
  /** The total in words: "25.25 USDC" (or "75 USDC and 10 USDT" for a multicall in two tokens). */
  totalLabel: string;
  /** The payment step's button and label: "Pay 25.25 USDC", "Pay all 3 payouts (75 USDC)". */
  payLabel: string;
  /** Multicall payouts only. */
  children?: MulticallChildView[];
  totals?: MulticallTotals;
  reference: string | null;
  expiresAt: Date;
  redirect: PayRedirect | null;
  /** Whether only some wallets may pay (the page says so before connecting). */
  restricted: boolean;
  policy: CallPolicy;
  /** "Pay from another network": our gateways and the payment to check intents against; null when not offered. */
  crosschain: CrosschainPolicy | null;
  /** The page's own URL, for the QR code. */
  link: string;
}

export interface CompletedView extends Branded {
  state: "completed";
  /** What the payer paid in total (amounts + fees), as the payable page's "Total" and the success view say it. */
  amount: string | null;
  symbol: string | null;
  /** The breakdown when a fee was paid on top: what the payee got and the fee, in `symbol`. */
  paidToPayee: string | null;
  fee: string | null;
  /** The payee's address, for a link paying one payee. */
  payee: string | null;
  payer: string | null;
  reference: string | null;
  networkName: string | null;
  txHash: string | null;
  explorerTxUrl: string | null;
  completedAt: Date | null;
  redirect: PayRedirect | null;
}

export interface ExpiredView extends Branded {
  state: "expired";
  expiresAt: Date;
}

export interface NotPayableView extends Branded {
  state: "not-payable";
  reason: "invalidated" | "compliance_failed";
}

export type PayPageView = PayableView | CompletedView | ExpiredView | NotPayableView | { state: "unknown" };

/** The island's share of the payable state: only what the browser acts on. */
export type CheckoutProps = Pick<
  PayableView,
  | "token"
  | "network"
  | "currency"
  | "total"
  | "totalLabel"
  | "payLabel"
  | "redirect"
  | "policy"
  | "crosschain"
  | "paymentType"
  | "sandbox"
> & {
  /** How many payees the payment step pays (a multicall's button names it). */
  payeeCount: number;
};

export function checkoutProps(view: PayableView): CheckoutProps {
  const { token, network, currency, total, totalLabel, payLabel, redirect, policy, crosschain, paymentType, sandbox } =
    view;
  return {
    token,
    network,
    currency,
    total,
    totalLabel,
    payLabel,
    redirect,
    policy,
    crosschain,
    paymentType,
    sandbox,
    payeeCount: view.payees.length,
  };
}
