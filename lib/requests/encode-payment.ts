// Calldata of the transactions a payer sends: approvals and the payment-proxy calls of
// docs/protocol.md. Pure: every input is given, nothing is read.
import { type Address, encodeFunctionData, type Hex, zeroAddress } from "viem";
import {
  erc20Abi,
  erc20ConversionProxyAbi,
  erc20FeeProxyAbi,
  ethConversionProxyAbi,
  ethereumFeeProxyAbi,
  getContract,
} from "../chains/contracts";
import type { EvmNetworkId } from "../chains/networks";

export interface EvmTransaction {
  to: Address;
  data: Hex;
  value: bigint;
}

export function encodeApprove(token: Address, spender: Address, amount: bigint): EvmTransaction {
  return {
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] }),
    value: 0n,
  };
}

/**
 * The approvals needed before `spender` can pull `needed`: none when the allowance covers it;
 * otherwise an approval of exactly `needed` (never an unlimited one), preceded by an approval
 * of 0 for tokens that refuse changing one non-zero allowance to another (USDT). An unknown
 * allowance (no wallet given) gets the steps that work whatever it is.
 */
export function approvalTransactions(
  token: Address,
  spender: Address,
  needed: bigint,
  allowance: bigint | undefined,
  resetFirst: boolean,
): EvmTransaction[] {
  if (allowance !== undefined && allowance >= needed) return [];
  const reset = resetFirst && (allowance === undefined || allowance > 0n);
  return reset
    ? [encodeApprove(token, spender, 0n), encodeApprove(token, spender, needed)]
    : [encodeApprove(token, spender, needed)];
}

export interface FeeLeg {
  feeAmount: bigint;
  /** null: no fee (the zero address, which the proxies skip). */
  feeAddress: Address | null;
}

export interface Erc20Payment extends FeeLeg {
  network: EvmNetworkId;
  token: Address;
  to: Address;
  amount: bigint;
  paymentReference: Hex;
}

/** ERC20FeeProxy.transferFromWithReferenceAndFee: pulls amount + fee from the sender. */
export function encodeErc20Payment(p: Erc20Payment): EvmTransaction {
  return {
    to: getContract(p.network, "ERC20FeeProxy").address,
    data: encodeFunctionData({
      abi: erc20FeeProxyAbi,
      functionName: "transferFromWithReferenceAndFee",
      args: [p.token, p.to, p.amount, p.paymentReference, p.feeAmount, p.feeAddress ?? zeroAddress],
    }),
    value: 0n,
  };
}

export interface NativePayment extends FeeLeg {
  network: EvmNetworkId;
  to: Address;
  amount: bigint;
  paymentReference: Hex;
}

/** EthereumFeeProxy.transferWithReferenceAndFee: msg.value = amount + fee. */
export function encodeNativePayment(p: NativePayment): EvmTransaction {
  return {
    to: getContract(p.network, "EthereumFeeProxy").address,
    data: encodeFunctionData({
      abi: ethereumFeeProxyAbi,
      functionName: "transferWithReferenceAndFee",
      args: [p.to, p.paymentReference, p.feeAmount, p.feeAddress ?? zeroAddress],
    }),
    value: p.amount + p.feeAmount,
  };
}

export interface ConversionPayment extends FeeLeg {
  network: EvmNetworkId;
  to: Address;
  /** In the invoice currency, 8 decimals for fiat (as is `feeAmount`). */
  requestAmount: bigint;
  /** From the invoice currency's hash to the token address. */
  path: readonly Address[];
  paymentReference: Hex;
  /** Token units the proxy may pull at most, fee included. */
  maxToSpend: bigint;
  /** Oldest acceptable rate age in seconds; 0 accepts any. */
  maxRateTimespan: bigint;
}

/** EthConversionProxy: `value` is the most the payer spends (the proxy returns what the rate leaves over). */
export function encodeNativeConversionPayment(p: ConversionPayment): EvmTransaction {
  return {
    to: getContract(p.network, "EthConversionProxy").address,
    data: encodeFunctionData({
      abi: ethConversionProxyAbi,
      functionName: "transferWithReferenceAndFee",
      args: [
        p.to,
        p.requestAmount,
        p.path,
        p.paymentReference,
        p.feeAmount,
        p.feeAddress ?? zeroAddress,
        p.maxRateTimespan,
      ],
    }),
    value: p.maxToSpend,
  };
}

/** Erc20ConversionProxy.transferFromWithReferenceAndFee. */
export function encodeConversionPayment(p: ConversionPayment): EvmTransaction {
  return {
    to: getContract(p.network, "Erc20ConversionProxy").address,
    data: encodeFunctionData({
      abi: erc20ConversionProxyAbi,
      functionName: "transferFromWithReferenceAndFee",
      args: [
        p.to,
        p.requestAmount,
        p.path,
        p.paymentReference,
        p.feeAmount,
        p.feeAddress ?? zeroAddress,
        p.maxToSpend,
        p.maxRateTimespan,
      ],
    }),
    value: 0n,
  };
}
