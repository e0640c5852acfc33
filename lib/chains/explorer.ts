// Block explorer links per network (the explorer base URL lives in networks.ts). Tronscan is a
// single-page app: its paths follow `#`, and transaction ids carry no 0x. Pure: no I/O.
// In the sandbox (`sandbox` given: the service's origin, "" for a link on the same site) a
// transaction opens the service's own page, since public explorers do not know the local chains.
import { isNetworkId, NETWORKS } from "./networks";

function base(network: string): string | null {
  return isNetworkId(network) ? NETWORKS[network].explorerUrl : null;
}

/** The explorer page of a transaction, or null for a network this service does not know. */
export function explorerTxUrl(network: string, txHash: string, sandbox?: { origin: string }): string | null {
  if (sandbox && isNetworkId(network) && network !== "tron") return `${sandbox.origin}/sandbox/tx/${network}/${txHash}`;
  const root = base(network);
  if (!root) return null;
  if (network === "tron") return `${root}/transaction/${txHash.replace(/^0x/i, "")}`;
  return `${root}/tx/${txHash}`;
}

/** The explorer page of an address (a payer, a payee); none in the sandbox. */
export function explorerAddressUrl(network: string, address: string, sandbox?: { origin: string }): string | null {
  if (sandbox) return null;
  const root = base(network);
  return root ? `${root}/address/${address}` : null;
}
