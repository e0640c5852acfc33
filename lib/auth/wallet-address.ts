// The wallet a sign-in address belongs to. The format decides (docs/interface.md
// "Credentials"): Tron addresses are base58 and start with T, EVM addresses are 0x + 40 hex
// digits. Parsing is lib/addresses; this adds the two forms sign-in needs.
import { addressKey, parseWalletAddress, type WalletKind } from "../addresses/wallet-address";

export type WalletType = WalletKind;

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
  return { type: parsed.kind, key: addressKey(parsed.address) ?? parsed.address, display: parsed.address };
}
