// The on-chain payments detection recorded for a link's requests: what the page shows when a
// link is paid, what it polls while it waits, and who paid, for the lookup by request id.
import { explorerTxUrl } from "../chains/explorer";
import { sandboxExplorer } from "../chains/sandbox-explorer";
import { paymentsOfRequest } from "../payments";
import type { StoredRequest } from "../requests";

export interface RecordedPaymentView {
  requestId: string;
  txHash: string;
  network: string;
  explorerUrl: string | null;
  payerAddress: string | null;
  blockTime: Date;
}

/** Oldest first, with their explorer links. */
export async function detectedPayments(requests: StoredRequest[]): Promise<RecordedPaymentView[]> {
  const perRequest = await Promise.all(
    requests.map(async (r) =>
      (await paymentsOfRequest(r.requestId)).map((p) => ({
        requestId: r.requestId,
        txHash: p.txHash,
        network: p.network,
        explorerUrl: explorerTxUrl(r.network, p.txHash, sandboxExplorer()),
        payerAddress: p.payerAddress,
        blockTime: p.blockTime,
      })),
    ),
  );
  return perRequest.flat().sort((a, b) => a.blockTime.getTime() - b.blockTime.getTime());
}
