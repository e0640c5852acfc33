// The payment proxies' events (docs/protocol.md) decoded into payment legs. Pure: no I/O.
// - ERC20FeeProxy / EthereumFeeProxy emit TransferWithReferenceAndFee: a direct payment, or one
//   leg of a batch (the batch contract calls the proxy, so the event comes from the proxy).
// - The conversion proxies delegatecall the fee proxies: the fee proxy's event comes from the
//   conversion proxy's address, beside TransferWithConversionAndReference with the invoice
//   amount (Chainlink units) and the invoice currency; the two are paired here.
// The reference is an indexed `bytes`, so a log carries its keccak256 only (topic 1).
import { type Address, decodeEventLog, getAbiItem, type Hex, toEventSelector } from "viem";
import { erc20ConversionProxyAbi, erc20FeeProxyAbi, ethereumFeeProxyAbi, findContract } from "../../chains/contracts";
import type { EvmNetworkId } from "../../chains/networks";

export interface RawLog {
  address: Address;
  topics: readonly Hex[];
  data: Hex;
  blockNumber: bigint;
  blockHash: Hex;
  transactionHash: Hex;
  logIndex: number;
}

export interface PaymentLeg {
  txHash: Hex;
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hex;
  referenceHash: Hex;
  tokenAddress: Address | null;
  to: Address;
  amount: bigint;
  feeAmount: bigint;
  feeAddress: Address | null;
  conversion?: { requestAmount: bigint; requestFee: bigint; currencyHash: string };
}

const ERC20_EVENT = getAbiItem({ abi: erc20FeeProxyAbi, name: "TransferWithReferenceAndFee" });
const NATIVE_EVENT = getAbiItem({ abi: ethereumFeeProxyAbi, name: "TransferWithReferenceAndFee" });
const CONVERSION_EVENT = getAbiItem({ abi: erc20ConversionProxyAbi, name: "TransferWithConversionAndReference" });

export const TOPICS = {
  erc20: toEventSelector(ERC20_EVENT),
  native: toEventSelector(NATIVE_EVENT),
  conversion: toEventSelector(CONVERSION_EVENT),
} as const;

const ZERO = "0x0000000000000000000000000000000000000000";

/** The contracts whose events carry payments on `network`. */
export function paymentEmitters(network: EvmNetworkId): Address[] {
  const names = ["ERC20FeeProxy", "EthereumFeeProxy", "Erc20ConversionProxy", "EthConversionProxy"] as const;
  return names.map((n) => findContract(network, n)?.address).filter((a): a is Address => a !== undefined);
}

interface Conversion {
  log: RawLog;
  requestAmount: bigint;
  requestFee: bigint;
  currencyHash: string;
}

function decodeTransfer(log: RawLog): Omit<PaymentLeg, "conversion"> | null {
  const base = {
    txHash: log.transactionHash,
    logIndex: log.logIndex,
    blockNumber: log.blockNumber,
    blockHash: log.blockHash,
    referenceHash: log.topics[1],
  };
  if (!base.referenceHash) return null;
  const feeAddress = (a: Address) => (a.toLowerCase() === ZERO ? null : a);
  try {
    if (log.topics[0] === TOPICS.erc20) {
      const { args } = decodeEventLog({ abi: [ERC20_EVENT], data: log.data, topics: log.topics as [Hex, ...Hex[]] });
      return {
        ...base,
        tokenAddress: args.tokenAddress,
        to: args.to,
        amount: args.amount,
        feeAmount: args.feeAmount,
        feeAddress: feeAddress(args.feeAddress),
      };
    }
    if (log.topics[0] === TOPICS.native) {
      const { args } = decodeEventLog({ abi: [NATIVE_EVENT], data: log.data, topics: log.topics as [Hex, ...Hex[]] });
      return {
        ...base,
        tokenAddress: null,
        to: args.to,
        amount: args.amount,
        feeAmount: args.feeAmount,
        feeAddress: feeAddress(args.feeAddress),
      };
    }
  } catch {
    return null; // another contract's event with the same signature but other indexing
  }
  return null;
}

function decodeConversion(log: RawLog): Conversion | null {
  if (log.topics[0] !== TOPICS.conversion) return null;
  try {
    const { args } = decodeEventLog({ abi: [CONVERSION_EVENT], data: log.data, topics: log.topics as [Hex, ...Hex[]] });
    return { log, requestAmount: args.amount, requestFee: args.feeAmount, currencyHash: args.currency };
  } catch {
    return null;
  }
}

/** The payment legs in `logs` (any order; those of other contracts are skipped). */
export function decodePaymentLogs(network: EvmNetworkId, logs: readonly RawLog[]): PaymentLeg[] {
  const emitters = new Set(paymentEmitters(network).map((a) => a.toLowerCase()));
  const ours = logs
    .filter((l) => emitters.has(l.address.toLowerCase()))
    .sort((a, b) =>
      a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
    );
  const conversions = ours.map(decodeConversion).filter((c): c is Conversion => c !== null);
  const used = new Set<Conversion>();
  const legs: PaymentLeg[] = [];
  for (const log of ours) {
    const leg = decodeTransfer(log);
    if (!leg) continue;
    // Its conversion event: same transaction, contract and reference, nearest by position.
    const candidates = conversions.filter(
      (c) =>
        !used.has(c) &&
        c.log.transactionHash === log.transactionHash &&
        c.log.address.toLowerCase() === log.address.toLowerCase() &&
        c.log.topics[1] === log.topics[1],
    );
    const conversion = candidates.sort(
      (a, b) => Math.abs(a.log.logIndex - log.logIndex) - Math.abs(b.log.logIndex - log.logIndex),
    )[0];
    if (conversion) {
      used.add(conversion);
      legs.push({
        ...leg,
        conversion: {
          requestAmount: conversion.requestAmount,
          requestFee: conversion.requestFee,
          currencyHash: conversion.currencyHash,
        },
      });
    } else legs.push(leg);
  }
  return legs;
}
