// The wallet a sign-in address belongs to. The format decides (SERVICE.md §5): Tron addresses
// are base58 and start with T, EVM addresses are 0x + 40 hex digits. Parsing is the shared
// parseWalletAddress; this adds the two forms sign-in needs.
import { getAddress } from "viem";
import { parseWalletAddress } from "../client-ids/wallet-address";

export type WalletType = "evm" | "tron";

export interface SignInAddress {
  type: WalletType;
  /** How the address is stored and compared: EVM lowercased, Tron base58 as given. */
  key: string;
  /** How the address is shown and written in the sign-in message: EVM EIP-55 checksummed. */
  display: string;
}

export function parseSignInAddress(input: string): SignInAddress | null {
  const parsed = parseWalletAddress(input.trim());
  if (!parsed) return null;
  return parsed.kind === "evm"
    ? { type: "evm", key: parsed.address.toLowerCase(), display: parsed.address }
    : { type: "tron", key: parsed.address, display: parsed.address };
}

/** The form users see for a stored address (EVM checksummed, Tron unchanged). */
export function displayWalletAddress(stored: string, type: WalletType): string {
  return type === "evm" ? getAddress(stored) : stored;
}
