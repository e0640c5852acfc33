// Wallet addresses given by platforms and orchestrators: an EVM address (0x + 40 hex, a
// mixed-case one must carry a valid EIP-55 checksum) or a base58 Tron address. Checked
// offline; EVM addresses are stored checksummed, Tron addresses as given.
import { getAddress, isAddress, zeroAddress } from "viem";
import { isTronAddress, TRON_ZERO_ADDRESS } from "../chains/tron";

export type WalletKind = "evm" | "tron";

export interface WalletAddress {
  kind: WalletKind;
  address: string;
}

export function parseWalletAddress(value: string): WalletAddress | null {
  if (isAddress(value, { strict: true })) return { kind: "evm", address: getAddress(value) };
  if (isTronAddress(value)) return { kind: "tron", address: value };
  return null;
}

export function isZeroAddress(w: WalletAddress): boolean {
  return w.kind === "evm" ? w.address === zeroAddress : w.address === TRON_ZERO_ADDRESS;
}
