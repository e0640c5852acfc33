// The payment page's "send from an exchange or any wallet" way (docs/payment-page.md): the
// deposit address of the link's request (lib/requests deposit-address.ts), with its QR code,
// and whether funds have arrived there, for the page's live status. A link of several requests
// (multicall) has no single address to send to, so it has none.

import { getPublicClient } from "../chains/clients";
import { erc20Abi } from "../chains/contracts";
import { type EvmNetworkId, NETWORKS } from "../chains/networks";
import { type DepositInstructions, openDeposit, type StoredRequest } from "../requests";
import { loadSecurePayment } from "../secure-payments";
import { qrPath } from "./qr-path";

export interface PageDeposit extends DepositInstructions {
  networkName: string;
  /** The QR code of `paymentUri` (EIP-681), drawn on the server. */
  qr: { size: number; d: string };
}

function depositOf(requests: readonly StoredRequest[]): DepositInstructions | null {
  return requests.length === 1 ? openDeposit(requests[0]) : null;
}

/** The deposit the page shows for a payable link; null when it has none. */
export async function pageDeposit(token: string): Promise<PageDeposit | null> {
  const { requests, status } = await loadSecurePayment(token);
  if (status !== "pending") return null;
  const deposit = depositOf(requests);
  if (!deposit) return null;
  return { ...deposit, networkName: NETWORKS[deposit.network].name, qr: qrPath(deposit.paymentUri) };
}

/**
 * Where the link's deposit stands, for the page's live status: `arrived` while funds wait at
 * the address to be forwarded (detection then confirms the payment), `waiting` before; null
 * when the link has no deposit address (or it is paid).
 */
export async function depositProgress(requests: readonly StoredRequest[]): Promise<"waiting" | "arrived" | null> {
  const deposit = depositOf(requests);
  if (!deposit) return null;
  const balance = await getPublicClient(deposit.network as EvmNetworkId)
    .readContract({ address: deposit.tokenAddress, abi: erc20Abi, functionName: "balanceOf", args: [deposit.address] })
    .catch(() => 0n);
  return balance > 0n ? "arrived" : "waiting";
}
