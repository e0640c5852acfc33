// Tron addresses and calldata, without network access. Tron runs the EVM: calldata is ABI
// encoding as on Ethereum, with each address passed as its 20 bytes (the base58 form is
// 0x41 + those 20 bytes + a checksum). Transactions name their contract in base58.
import { type Address, encodeFunctionData, getAddress, type Hex } from "viem";
import { erc20Abi, erc20FeeProxyAbi, getContract } from "./contracts";
import { decodeBase58Check, encodeBase58Check } from "./tron-base58";

/** A base58check Tron address, e.g. `TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`. */
export type TronAddress = string;

const BASE58_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** The `41…` payload of a base58 Tron address, or null when it is not one (checksum included). */
function tronPayload(value: string): string | null {
  const payload = BASE58_SHAPE.test(value) ? decodeBase58Check(value) : null;
  return payload?.startsWith("41") ? payload : null;
}

/** True for a base58 Tron address with a valid checksum (hex forms are not accepted here). */
export function isTronAddress(value: string): value is TronAddress {
  return tronPayload(value) !== null;
}

function assertTronAddress(value: string): asserts value is TronAddress {
  if (!isTronAddress(value)) throw new Error(`Not a Tron address: ${value}`);
}

/** base58 → `41…` hex (42 lowercase hex digits, no 0x), the form Tron's APIs call "hex". */
export function tronToHex(address: TronAddress): string {
  const payload = tronPayload(address);
  if (!payload) throw new Error(`Not a Tron address: ${address}`);
  return payload;
}

/** `41…` hex (with or without 0x) → base58. */
export function tronFromHex(hex: string): TronAddress {
  const digits = hex.replace(/^0x/i, "").toLowerCase();
  if (!/^41[0-9a-f]{40}$/.test(digits)) throw new Error(`Not a Tron hex address: ${hex}`);
  return encodeBase58Check(digits);
}

/** base58 → the 20-byte EVM-style address used inside ABI encoding. */
export function tronToEvmAddress(address: TronAddress): Address {
  return getAddress(`0x${tronToHex(address).slice(2)}`);
}

/** 20-byte EVM-style address (as found in ABI-decoded logs) → base58. */
export function evmToTronAddress(address: Address): TronAddress {
  return tronFromHex(`41${getAddress(address).slice(2)}`);
}

/** The base58 form of the zero address, the "no fee" fee address. */
export const TRON_ZERO_ADDRESS: TronAddress = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";

export interface TronTransaction {
  to: TronAddress; // the contract called, base58
  data: Hex;
  value: "0"; // TRC-20 payments carry no TRX
}

export function encodeTrc20Approve(spender: TronAddress, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [tronToEvmAddress(spender), amount] });
}

export function encodeTrc20Transfer(to: TronAddress, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [tronToEvmAddress(to), amount] });
}

export interface TronFeeProxyPayment {
  token: TronAddress;
  to: TronAddress;
  amount: bigint;
  paymentReference: Hex; // the 8 bytes, 0x + 16 hex digits
  feeAmount: bigint;
  feeAddress: TronAddress | null; // null: no fee
}

/** Calldata of ERC20FeeProxy.transferFromWithReferenceAndFee on Tron. */
export function encodeTronFeeProxyPayment(p: TronFeeProxyPayment): Hex {
  return encodeFunctionData({
    abi: erc20FeeProxyAbi,
    functionName: "transferFromWithReferenceAndFee",
    args: [
      tronToEvmAddress(p.token),
      tronToEvmAddress(p.to),
      p.amount,
      p.paymentReference,
      p.feeAmount,
      tronToEvmAddress(p.feeAddress ?? TRON_ZERO_ADDRESS),
    ],
  });
}

/** The approval a payer signs before paying through the Tron ERC20FeeProxy. */
export function tronApproveTransaction(token: TronAddress, spender: TronAddress, amount: bigint): TronTransaction {
  assertTronAddress(token);
  return { to: token, data: encodeTrc20Approve(spender, amount), value: "0" };
}

export function tronTransferTransaction(token: TronAddress, to: TronAddress, amount: bigint): TronTransaction {
  assertTronAddress(token);
  return { to: token, data: encodeTrc20Transfer(to, amount), value: "0" };
}

export function tronFeeProxyPaymentTransaction(p: TronFeeProxyPayment): TronTransaction {
  return { to: getContract("tron", "ERC20FeeProxy").address, data: encodeTronFeeProxyPayment(p), value: "0" };
}
