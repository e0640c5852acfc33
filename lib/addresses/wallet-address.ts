// Wallet addresses, the one home for reading, checking and comparing them (docs/architecture.md
// "Shared primitives"): an EVM address (0x + 40 hex digits; a mixed-case one must carry a valid
// EIP-55 checksum) or a base58 Tron address (T…). Checked offline. Pure: no I/O.
import { getAddress, isAddress, zeroAddress } from "viem";
import { NETWORKS, type NetworkId } from "../chains/networks";
import { isTronAddress, TRON_ZERO_ADDRESS } from "../chains/tron";

export type WalletKind = "evm" | "tron";

export interface WalletAddress {
  kind: WalletKind;
  /** EVM checksummed, Tron as given. */
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

/**
 * The form addresses are stored and compared in: EVM lowercased, Tron base58 as given (base58
 * is case-sensitive). Lenient on EVM casing: a wrongly cased checksum still names the same
 * wallet, which is what a list of allowed wallets wants. Null when it is no address at all.
 */
export function addressKey(value: string): string | null {
  const trimmed = value.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(trimmed)) return trimmed.toLowerCase();
  const parsed = parseWalletAddress(trimmed);
  if (!parsed) return null;
  return parsed.kind === "evm" ? parsed.address.toLowerCase() : parsed.address;
}

/** Same wallet? EVM addresses compare case-insensitively, Tron base58 exactly. */
export function sameAddress(a: string, b: string): boolean {
  return a.startsWith("0x") || a.startsWith("0X") ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** The form users see for a stored address (EVM checksummed, Tron unchanged). */
export function displayWalletAddress(stored: string, kind: WalletKind): string {
  return kind === "evm" ? getAddress(stored) : stored;
}

export type AddressResult = { ok: true; address: string } | { ok: false; message: string };

/** An address of the family of `network` (EVM or Tron), not the zero address; EVM checksummed. */
export function parseNetworkAddress(value: string, network: NetworkId, what = "address"): AddressResult {
  const parsed = parseWalletAddress(value.trim());
  const tron = NETWORKS[network].family === "tron";
  const expected = tron
    ? "a Tron address (base58, T…)"
    : `an EVM address (0x + 40 hex digits, valid checksum if mixed case) on ${network}`;
  if (!parsed) return { ok: false, message: `is not ${expected}` };
  if ((parsed.kind === "tron") !== tron) {
    return { ok: false, message: `must be ${expected}: the payment currency is on ${network}` };
  }
  if (isZeroAddress(parsed)) return { ok: false, message: `the zero address cannot be the ${what}` };
  return { ok: true, address: parsed.address };
}
