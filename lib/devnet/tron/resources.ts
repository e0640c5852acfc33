// Tron's resource model, simplified to what an account without staked TRX meets: bandwidth
// from the daily free allowance, else burned at TRANSACTION_FEE per byte; energy always
// burned at ENERGY_FEE per unit, up to what the fee limit and the balance allow. Pure rules.
import {
  CREATE_ACCOUNT_FEE,
  ENERGY_FEE,
  FREE_NET_LIMIT,
  MAX_RESULT_SIZE_IN_TX,
  RESOURCE_WINDOW_MS,
  TRANSACTION_FEE,
} from "./chain-params";

/** Usage recovers linearly to 0 over RESOURCE_WINDOW_MS since it was last raised (java-tron's increase()). */
export function recoveredUsage(usage: bigint, lastMs: number, nowMs: number): bigint {
  if (usage <= 0n || nowMs - lastMs >= RESOURCE_WINDOW_MS) return 0n;
  const left = BigInt(RESOURCE_WINDOW_MS - Math.max(0, nowMs - lastMs));
  return (usage * left) / BigInt(RESOURCE_WINDOW_MS);
}

/** Bandwidth bytes of a transaction: its protobuf size plus the room its result takes. */
export function bandwidthBytes(signedSize: number): bigint {
  return BigInt(signedSize) + MAX_RESULT_SIZE_IN_TX;
}

export type BandwidthBill =
  | { kind: "free"; bytes: bigint; freeNetUsage: bigint } // the new free usage after this transaction
  | { kind: "burn"; bytes: bigint; fee: bigint }
  | { kind: "insufficient"; bytes: bigint; fee: bigint };

/** How a transaction of `bytes` pays for its bandwidth (BandwidthProcessor.consume, no staking). */
export function billBandwidth(opts: {
  bytes: bigint;
  balance: bigint;
  freeNetUsage: bigint;
  lastFreeMs: number;
  nowMs: number;
  createsAccount: boolean;
}): BandwidthBill {
  const { bytes, balance } = opts;
  // Activating an account cannot use the free allowance: its bandwidth is the creation fee.
  if (opts.createsAccount)
    return balance >= CREATE_ACCOUNT_FEE
      ? { kind: "burn", bytes, fee: CREATE_ACCOUNT_FEE }
      : { kind: "insufficient", bytes, fee: CREATE_ACCOUNT_FEE };
  const used = recoveredUsage(opts.freeNetUsage, opts.lastFreeMs, opts.nowMs);
  if (bytes <= FREE_NET_LIMIT - used) return { kind: "free", bytes, freeNetUsage: used + bytes };
  const fee = bytes * TRANSACTION_FEE;
  return balance >= fee ? { kind: "burn", bytes, fee } : { kind: "insufficient", bytes, fee };
}

/** Energy a contract call may use: what the fee limit and the balance can each pay for, the lower. */
export function energyLimit(balance: bigint, callValue: bigint, feeLimit: bigint): bigint {
  const fromBalance = (balance - callValue > 0n ? balance - callValue : 0n) / ENERGY_FEE;
  const fromFeeLimit = feeLimit / ENERGY_FEE;
  return fromBalance < fromFeeLimit ? fromBalance : fromFeeLimit;
}

/** The free bandwidth an account has left now (getaccountresource's freeNetLimit − freeNetUsed). */
export function freeNetLeft(freeNetUsage: bigint, lastFreeMs: number, nowMs: number): bigint {
  const left = FREE_NET_LIMIT - recoveredUsage(freeNetUsage, lastFreeMs, nowMs);
  return left > 0n ? left : 0n;
}
