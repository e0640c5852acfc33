// BatchConversionPayments.batchPayments calldata (docs/protocol.md) and what the payer
// must approve and send with it. Pure: rates, amounts and the batch fee are given.
//
// The contract groups payments by kind (MetaDetail.paymentNetworkId): same-token ERC-20
// payments (1, or 2 for several tokens), native payments (3), fiat-denominated ERC-20
// payments converted at the Chainlink rate (0), and fiat-denominated payments in the native
// coin through EthConversionProxy (4, which must be the last group: it forwards the contract's
// whole balance to the proxy, then sends what the rate at mining leaves back to the payer). It
// pulls each token from the payer into itself (so the payer approves the batch contract, not
// the proxies) and charges its own batch fee (`batchFee` in 1/10 000, 0 as deployed) on top,
// through the same allowance, or out of the value for native payments.
import { type Address, encodeFunctionData, type Hex } from "viem";
import { BATCH_PAYMENT_NETWORK_ID, batchConversionPaymentsAbi, getContract } from "../chains/contracts";
import type { EvmNetworkId } from "../chains/networks";
import type { EvmTransaction } from "../requests/browser";

export type BatchItem =
  | { kind: "erc20"; token: Address; recipient: Address; amount: bigint; feeAmount: bigint; paymentReference: Hex }
  | { kind: "native"; recipient: Address; amount: bigint; feeAmount: bigint; paymentReference: Hex }
  | {
      kind: "erc20-conversion";
      token: Address;
      recipient: Address;
      /** Invoice amount and fee in Chainlink units; the path runs from the invoice currency to the token. */
      requestAmount: bigint;
      feeAmount: bigint;
      path: readonly Address[];
      maxToSpend: bigint;
      paymentReference: Hex;
    }
  | {
      kind: "native-conversion";
      recipient: Address;
      /** Invoice amount and fee in Chainlink units; the path runs from the invoice currency to the native coin. */
      requestAmount: bigint;
      feeAmount: bigint;
      path: readonly Address[];
      /** Native coin the payer sends for it: the converted amount and fee with the conversion margin. */
      maxToSpend: bigint;
      paymentReference: Hex;
    };

export interface BatchPayment {
  transaction: EvmTransaction;
  /** Token units the batch contract may pull per token, batch fee included: the approvals needed. */
  tokenNeeds: Map<Address, bigint>;
}

const FEE_DENOMINATOR = 10_000n;

interface RequestDetail {
  recipient: Address;
  requestAmount: bigint;
  path: readonly Address[];
  paymentReference: Hex;
  feeAmount: bigint;
  maxToSpend: bigint;
  maxRateTimespan: bigint;
}

function add(needs: Map<Address, bigint>, token: Address, amount: bigint): void {
  needs.set(token, (needs.get(token) ?? 0n) + amount);
}

export function encodeBatchPayment(
  network: EvmNetworkId,
  items: readonly BatchItem[],
  feeAddress: Address,
  batchFee: bigint,
): BatchPayment {
  if (items.length === 0) throw new Error("a batch needs at least one payment");
  const conversion: RequestDetail[] = [];
  const erc20: RequestDetail[] = [];
  const native: RequestDetail[] = [];
  const nativeConversion: RequestDetail[] = [];
  const tokenNeeds = new Map<Address, bigint>();
  const erc20Base = new Map<Address, bigint>(); // per token, the amounts the batch fee is taken on
  let value = 0n;
  let nativeBase = 0n;

  for (const item of items) {
    switch (item.kind) {
      case "erc20":
        erc20.push({
          recipient: item.recipient,
          requestAmount: item.amount,
          path: [item.token],
          paymentReference: item.paymentReference,
          feeAmount: item.feeAmount,
          maxToSpend: 0n,
          maxRateTimespan: 0n,
        });
        add(tokenNeeds, item.token, item.amount + item.feeAmount);
        add(erc20Base, item.token, item.amount);
        break;
      case "native":
        native.push({
          recipient: item.recipient,
          requestAmount: item.amount,
          path: [],
          paymentReference: item.paymentReference,
          feeAmount: item.feeAmount,
          maxToSpend: 0n,
          maxRateTimespan: 0n,
        });
        value += item.amount + item.feeAmount;
        nativeBase += item.amount;
        break;
      case "erc20-conversion":
        conversion.push({
          recipient: item.recipient,
          requestAmount: item.requestAmount,
          path: item.path,
          paymentReference: item.paymentReference,
          feeAmount: item.feeAmount,
          maxToSpend: item.maxToSpend,
          maxRateTimespan: 0n,
        });
        // The batch fee of conversions is taken on what was spent: at most maxToSpend.
        add(tokenNeeds, item.token, item.maxToSpend + (item.maxToSpend * batchFee) / FEE_DENOMINATOR);
        break;
      case "native-conversion":
        nativeConversion.push({
          recipient: item.recipient,
          requestAmount: item.requestAmount,
          path: item.path,
          paymentReference: item.paymentReference,
          feeAmount: item.feeAmount,
          maxToSpend: 0n, // unused: the contract forwards its balance and the proxy converts at mining
          maxRateTimespan: 0n,
        });
        // Sent as value, the margin and the batch fee on what is spent included; the rest comes back.
        value += item.maxToSpend + (item.maxToSpend * batchFee) / FEE_DENOMINATOR;
        break;
    }
  }
  for (const [token, base] of erc20Base) add(tokenNeeds, token, (base * batchFee) / FEE_DENOMINATOR);
  value += (nativeBase * batchFee) / FEE_DENOMINATOR;

  const metaDetails: { paymentNetworkId: bigint; requestDetails: RequestDetail[] }[] = [];
  if (conversion.length > 0)
    metaDetails.push({ paymentNetworkId: BATCH_PAYMENT_NETWORK_ID.multiErc20Conversion, requestDetails: conversion });
  if (erc20.length > 0) {
    const tokens = new Set(erc20.map((d) => d.path[0].toLowerCase()));
    metaDetails.push({
      paymentNetworkId: tokens.size === 1 ? BATCH_PAYMENT_NETWORK_ID.erc20 : BATCH_PAYMENT_NETWORK_ID.multiErc20,
      requestDetails: erc20,
    });
  }
  if (native.length > 0)
    metaDetails.push({ paymentNetworkId: BATCH_PAYMENT_NETWORK_ID.native, requestDetails: native });
  // Last: it sends the contract's remaining balance back to the payer.
  if (nativeConversion.length > 0)
    metaDetails.push({ paymentNetworkId: BATCH_PAYMENT_NETWORK_ID.nativeConversion, requestDetails: nativeConversion });

  const data = encodeFunctionData({
    abi: batchConversionPaymentsAbi,
    functionName: "batchPayments",
    args: [metaDetails, [], feeAddress],
  });
  return { transaction: { to: getContract(network, "BatchConversionPayments").address, data, value }, tokenNeeds };
}
