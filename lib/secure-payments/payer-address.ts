// Payer wallets as the access list keeps and compares them: EVM addresses lowercased (so any
// checksum casing matches), Tron base58 exactly as given (base58 is case-sensitive). Pure.
import { parseWalletAddress } from "../client-ids/wallet-address";

export function normalizePayerAddress(value: string): string | null {
  const trimmed = value.trim();
  // Case-insensitive for EVM: a wrongly cased checksum still names the same wallet.
  if (/^0x[0-9a-fA-F]{40}$/.test(trimmed)) return trimmed.toLowerCase();
  const parsed = parseWalletAddress(trimmed);
  if (!parsed) return null;
  return parsed.kind === "evm" ? parsed.address.toLowerCase() : parsed.address;
}

/** Whether any of the wallets is on the list; an empty list allows everyone. */
export function isAllowedPayer(allowed: readonly string[], wallets: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  return wallets.some((w) => {
    const n = normalizePayerAddress(w);
    return n !== null && allowed.includes(n);
  });
}
