// A transaction hash, shortened, linking to its network's explorer (a new tab).
import { explorerTxUrl } from "@/lib/chains/explorer";

export function short(value: string, head = 10, tail = 6): string {
  return value.length > head + tail + 1 ? `${value.slice(0, head)}…${value.slice(-tail)}` : value;
}

export function TxLink({ network, txHash }: { network: string; txHash: string }) {
  const url = explorerTxUrl(network, txHash);
  const label = <span className="font-mono text-xs" title={txHash}>{short(txHash)}</span>;
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline" aria-label={`Transaction ${txHash} on the ${network} explorer`}>
      {label}
    </a>
  ) : (
    label
  );
}
