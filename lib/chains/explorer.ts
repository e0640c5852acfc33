// Block explorer links per network (the explorer base URL lives in networks.ts). Tronscan is a
// single-page app: its paths follow `#`, and transaction ids carry no 0x. Pure: no I/O.
import { NETWORKS, isNetworkId } from "./networks";

function base(network: string): string | null {
  return isNetworkId(network) ? NETWORKS[network].explorerUrl : null;
}

/** The explorer page of a transaction, or null for a network this service does not know. */
export function explorerTxUrl(network: string, txHash: string): string | null {
  const root = base(network);
  if (!root) return null;
  if (network === "tron") return `${root}/transaction/${txHash.replace(/^0x/i, "")}`;
  return `${root}/tx/${txHash}`;
}

/** The explorer page of an address (a payer, a payee). */
export function explorerAddressUrl(network: string, address: string): string | null {
  const root = base(network);
  return root ? `${root}/address/${address}` : null;
}
