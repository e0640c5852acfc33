// The EIP-712 typed data a payee signs to add or deactivate a destination. Pure. The object
// is what a browser hands to `eth_signTypedData_v4` as it is (EIP712Domain included); Tron
// wallets sign the same data with TIP-712 (TronLink: `tronWeb.trx._signTypedData(domain,
// types without EIP712Domain, message)`), where addresses are base58 and hash as 20 bytes.
import type { Hex } from "viem";

export const DESTINATION_ACTIONS = ["add", "deactivate"] as const;
export type DestinationAction = (typeof DESTINATION_ACTIONS)[number];

/** What the signature binds: the values the nonce was issued for. */
export interface SigningPayload {
  action: DestinationAction;
  walletAddress: string; // canonical: EIP-55 hex, Tron base58
  chainId: number;
  tokenAddress: string; // canonical
  nonce: Hex; // 32 bytes
  expiresAt: number; // unix seconds
}

export const SIGNING_DOMAIN_NAME = "Stablelink";
export const SIGNING_DOMAIN_VERSION = "1";

const EIP712_DOMAIN = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
] as const;

export const PAYEE_DESTINATION_TYPE = [
  { name: "action", type: "string" },
  { name: "walletAddress", type: "address" },
  { name: "chainId", type: "uint256" },
  { name: "tokenAddress", type: "address" },
  { name: "nonce", type: "bytes32" },
  { name: "expiresAt", type: "uint256" },
] as const;

export function payeeDestinationTypedData(p: SigningPayload) {
  return {
    // The destination's chain: wallets sign on it, and contract wallets are asked there.
    domain: { name: SIGNING_DOMAIN_NAME, version: SIGNING_DOMAIN_VERSION, chainId: p.chainId },
    types: { EIP712Domain: EIP712_DOMAIN, PayeeDestination: PAYEE_DESTINATION_TYPE },
    primaryType: "PayeeDestination" as const,
    message: {
      action: p.action,
      walletAddress: p.walletAddress,
      chainId: p.chainId,
      tokenAddress: p.tokenAddress,
      nonce: p.nonce,
      expiresAt: p.expiresAt,
    },
  };
}

/**
 * The struct types without `EIP712Domain`, as mutable copies: what viem's signers and
 * TronWeb's TIP-712 encoder take (they derive the domain type from the domain).
 */
export function structTypes(
  types: Readonly<Record<string, readonly { name: string; type: string }[]>>,
): Record<string, { name: string; type: string }[]> {
  return Object.fromEntries(
    Object.entries(types)
      .filter(([name]) => name !== "EIP712Domain")
      .map(([name, fields]) => [name, fields.map((f) => ({ ...f }))]),
  );
}
