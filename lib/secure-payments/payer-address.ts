// Who may pay: a payment's list of allowed payer wallets, kept and compared in the form of
// addressKey (lib/addresses). Pure.
import { addressKey } from "../addresses/wallet-address";

/** Whether any of the wallets is on the list; an empty list allows everyone. */
export function isAllowedPayer(allowed: readonly string[], wallets: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  return wallets.some((w) => {
    const n = addressKey(w);
    return n !== null && allowed.includes(n);
  });
}
