"use client";
// Starts a refund from the request's page: asks the API for the refund's calldata
// (POST /v2/request/{requestId}/refunds, with the connected wallet so its allowance and balance
// are checked) and sends each transaction with the browser wallet, in order, as the payment
// page sends a payer's (components/pay/evm-calls.ts). Detection records the refund once mined;
// the page shows it after a reload. EVM wallets (an injected EIP-1193 provider) only.
import { useState } from "react";
import { type Eip1193, sendTransaction, waitForReceipt } from "@/components/pay/evm-calls";
import type { RefundCalldataView } from "@/lib/payments/schemas";
import { ApiRequestError, apiRequest } from "../api-client";

declare global {
  interface Window {
    ethereum?: Eip1193;
  }
}

export function RefundForm({
  requestId,
  refundable,
  currency,
  chainId,
  evm,
}: {
  requestId: string;
  refundable: string;
  currency: string;
  chainId: number;
  evm: boolean;
}) {
  const [amount, setAmount] = useState("");
  const [refundAddress, setRefundAddress] = useState("");
  const [state, setState] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function refund(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const provider = window.ethereum;
    if (!provider) {
      setError("No browser wallet found: open the dashboard in a browser with the payee's wallet.");
      return;
    }
    setBusy(true);
    try {
      const [from] = (await provider.request({ method: "eth_requestAccounts" })) as string[];
      await provider
        .request({ method: "wallet_switchEthereumChain", params: [{ chainId: `0x${chainId.toString(16)}` }] })
        .catch(() => undefined);
      setState("Preparing the refund…");
      const answer = await apiRequest<RefundCalldataView>("POST", `/v2/request/${requestId}/refunds`, {
        ...(amount.trim() ? { amount: amount.trim() } : {}),
        ...(refundAddress.trim() ? { refundAddress: refundAddress.trim() } : {}),
        wallet: from,
      });
      for (const [i, tx] of answer.transactions.entries()) {
        const what = i === answer.metadata.paymentTransactionIndex ? "the refund" : "the approval";
        setState(`Confirm ${what} in your wallet (${i + 1} of ${answer.transactions.length})…`);
        const hash = await sendTransaction(provider, from, tx);
        setState(`Waiting for ${what} to be mined…`);
        const mined = await waitForReceipt(provider, hash);
        if (!mined.success) throw new Error(`The transaction ${hash} reverted.`);
      }
      setState(
        `Refund of ${answer.refund.amount} ${answer.refund.currency} sent to ${answer.refund.refundAddress}. It appears here once detected (reload).`,
      );
    } catch (err) {
      setState(null);
      setError(err instanceof ApiRequestError || err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  if (!evm)
    return (
      <p className="text-sm text-slate-600">
        Refunds of Tron requests: use the API (POST /v2/request/{"{requestId}"}/refunds) and send its calldata with a
        Tron wallet.
      </p>
    );
  return (
    <form onSubmit={refund} className="mt-3 flex flex-wrap items-end gap-3" aria-label="Refund">
      <label className="text-sm">
        <span className="block text-xs font-semibold text-slate-500">Amount ({currency})</span>
        <input
          className="mt-1 w-32 rounded border border-slate-300 px-2 py-1"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          placeholder={refundable}
          inputMode="decimal"
          name="amount"
        />
      </label>
      <label className="text-sm">
        <span className="block text-xs font-semibold text-slate-500">Refund address (default: the payer)</span>
        <input
          className="mt-1 w-96 max-w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs"
          value={refundAddress}
          onChange={(e) => setRefundAddress(e.target.value)}
          name="refundAddress"
        />
      </label>
      <button
        type="submit"
        disabled={busy}
        className="rounded bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-50"
      >
        Refund with your wallet
      </button>
      {state && (
        <p role="status" className="w-full text-sm text-slate-700">
          {state}
        </p>
      )}
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
