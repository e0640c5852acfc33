// A transaction hash, shortened, linking to its network's explorer (a new tab); in the sandbox
// to the service's own transaction page. Server component (reads the configuration).
import { explorerTxUrl } from "@/lib/chains/explorer";
import { sandboxExplorer } from "@/lib/chains/sandbox-explorer";
import { short } from "./short";

export function TxLink({ network, txHash }: { network: string; txHash: string }) {
  const sandbox = sandboxExplorer();
  const url = explorerTxUrl(network, txHash, sandbox);
  const label = (
    <span className="font-mono text-xs" title={txHash}>
      {short(txHash)}
    </span>
  );
  return url ? (
    // The name a screen reader gives is the visible text in context (WCAG "label in name"); the
    // whole hash is in the title.
    <a href={url} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline">
      <span className="sr-only">Transaction </span>
      {label}
      <span className="sr-only"> on the {sandbox ? "sandbox" : network} explorer</span>
    </a>
  ) : (
    label
  );
}
