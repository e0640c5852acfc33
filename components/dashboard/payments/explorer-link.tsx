// A transaction hash, shortened, linking to its network's explorer (a new tab); in the sandbox
// to the service's own transaction page. Server component (reads the configuration).
import { explorerTxUrl } from "@/lib/chains/explorer";
import { sandboxExplorer } from "@/lib/chains/sandbox-explorer";

export function short(value: string, head = 10, tail = 6): string {
  return value.length > head + tail + 1 ? `${value.slice(0, head)}…${value.slice(-tail)}` : value;
}

export function TxLink({ network, txHash }: { network: string; txHash: string }) {
  const sandbox = sandboxExplorer();
  const url = explorerTxUrl(network, txHash, sandbox);
  const label = <span className="font-mono text-xs" title={txHash}>{short(txHash)}</span>;
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline" aria-label={`Transaction ${txHash} on the ${sandbox ? "sandbox" : network} explorer`}>
      {label}
    </a>
  ) : (
    label
  );
}
