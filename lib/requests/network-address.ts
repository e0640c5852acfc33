// Wallet addresses checked against the family of a network: 0x… on the EVM chains, base58 T…
// on Tron. EVM addresses come back checksummed, Tron addresses as given. Pure: no I/O.
import { parseWalletAddress, isZeroAddress } from "../client-ids/wallet-address";
import { NETWORKS, type NetworkId } from "../chains/networks";

export type AddressResult = { ok: true; address: string } | { ok: false; message: string };

export function parseNetworkAddress(value: string, network: NetworkId, what = "address"): AddressResult {
  const parsed = parseWalletAddress(value.trim());
  const tron = NETWORKS[network].family === "tron";
  const expected = tron ? "a Tron address (base58, T…)" : `an EVM address (0x + 40 hex digits, valid checksum if mixed case) on ${network}`;
  if (!parsed) return { ok: false, message: `is not ${expected}` };
  if ((parsed.kind === "tron") !== tron) {
    return { ok: false, message: `must be ${expected}: the payment currency is on ${network}` };
  }
  if (isZeroAddress(parsed)) return { ok: false, message: `the zero address cannot be the ${what}` };
  return { ok: true, address: parsed.address };
}

/** Same wallet? EVM addresses compare case-insensitively, Tron base58 exactly. */
export function sameAddress(a: string, b: string): boolean {
  return a.startsWith("0x") || a.startsWith("0X") ? a.toLowerCase() === b.toLowerCase() : a === b;
}
