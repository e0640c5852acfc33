// hasEnoughBalance and hasEnoughGas of a Tron payment (GET /v2/request/{id}/pay with `wallet`),
// from the payer's state on the node (lib/chains/tron-payer-state.ts). How the cost is estimated
// (docs/decisions/tron-pay-checks.md):
// - energy: each transaction's own `triggerconstantcontract` from the payer at the head, which
//   is exact for what can run now: the approval of 0, and the payment when the allowance
//   already covers it. What cannot run yet is measured on calls that can: the approval after a
//   reset (or of an empty allowance) as the same approval from an owner without any allowance
//   (the spender itself), so its zero → non-zero write is counted; the payment before its
//   approval as the payer's own `transfer`s to the payee and the fee address (the proxy's two
//   transferFrom, same storage writes) plus TRON_PROXY_OVERHEAD_ENERGY for the proxy's call,
//   the allowance spent down and its event. Energy gets the EVM's 20 % margin (GAS_MARGIN_TENTHS).
// - bandwidth: each transaction's signed size + 64 bytes for its result (what java-tron charges),
//   from staked bandwidth, else the daily free bandwidth, else burned at getTransactionFee.
// - hasEnoughGas: the account is activated and its TRX covers the energy above its staked
//   energy at getEnergyFee plus the bandwidth burned.
import type { Hex } from "viem";
import { encodeTrc20Transfer, type TronAddress } from "../chains/tron";
import { type TronPayerState, tronCallEnergy } from "../chains/tron-payer-state";
import { log } from "../log";

/**
 * Energy of ERC20FeeProxy's own work beyond the token transfers it makes (call frames, ABI
 * decoding, the allowance written down, the TransferWithReferenceAndFee event). Measured in the
 * sandbox at about 10 300 over USDT's transfer (lib/requests/pay-on-tron.test.ts checks the
 * estimate against the energy the node charges); about doubled here so that a token spending
 * more on transferFrom than on transfer is still covered.
 */
export const TRON_PROXY_OVERHEAD_ENERGY = 20_000n;

/**
 * Bytes of a signed TriggerSmartContract transaction beyond its calldata: raw_data's block
 * reference, expiration, timestamp, fee limit, type URL, owner and contract addresses (about
 * 145 bytes), the signature (67) and its framing (3), and the 64 bytes java-tron adds for the
 * result. Rounded up.
 */
const TRIGGER_BYTES_BEYOND_DATA = 290n;

export function tronBandwidthBytes(data: Hex): bigint {
  return BigInt((data.length - 2) / 2) + TRIGGER_BYTES_BEYOND_DATA;
}

export interface TronPayPlan {
  wallet: TronAddress;
  token: TronAddress;
  spender: TronAddress;
  payee: TronAddress;
  amount: bigint;
  feeAmount: bigint;
  feeAddress: TronAddress | null;
  /** The approvals (a reset to 0 first, when any) and the payment, in order. */
  approvals: { data: Hex; amount: bigint }[];
  pay: { to: TronAddress; data: Hex };
}

export interface TronChecks {
  hasEnoughBalance: boolean;
  hasEnoughGas: boolean;
  /** Energy of all the transactions with the margin, when it could be estimated. */
  energy?: bigint;
  /** Sun burned for energy and bandwidth. */
  trxCost?: bigint;
}

async function energyOf(plan: TronPayPlan, state: TronPayerState): Promise<bigint | null> {
  const parts: Promise<bigint | null>[] = [];
  let allowance = state.allowance;
  for (const approval of plan.approvals) {
    // A write to an allowance that is 0 by then costs what it costs an owner with none.
    const owner = approval.amount > 0n && allowance === 0n ? plan.spender : plan.wallet;
    parts.push(tronCallEnergy(owner, plan.token, approval.data));
    allowance = approval.amount;
  }
  if (plan.approvals.length === 0) parts.push(tronCallEnergy(plan.wallet, plan.pay.to, plan.pay.data));
  else {
    parts.push(tronCallEnergy(plan.wallet, plan.token, encodeTrc20Transfer(plan.payee, plan.amount)));
    if (plan.feeAmount > 0n && plan.feeAddress)
      parts.push(tronCallEnergy(plan.wallet, plan.token, encodeTrc20Transfer(plan.feeAddress, plan.feeAmount)));
    parts.push(Promise.resolve(TRON_PROXY_OVERHEAD_ENERGY));
  }
  const energies = await Promise.all(parts);
  if (energies.some((e) => e === null)) return null;
  return (energies as bigint[]).reduce((a, b) => a + b, 0n);
}

/** Sun burned for the bandwidth of `datas`, sent in order. */
export function bandwidthBurn(datas: readonly Hex[], state: TronPayerState): bigint {
  let staked = state.stakedNetLeft;
  let free = state.freeNetLeft;
  let burn = 0n;
  for (const data of datas) {
    const bytes = tronBandwidthBytes(data);
    if (bytes <= staked) staked -= bytes;
    else if (bytes <= free) free -= bytes;
    else burn += bytes * state.transactionFee;
  }
  return burn;
}

export async function checkTronPayer(
  plan: TronPayPlan,
  state: TronPayerState,
  marginTenths: bigint,
): Promise<TronChecks> {
  const hasEnoughBalance = state.tokenBalance >= plan.amount + plan.feeAmount;
  // Transfers the payer cannot fund revert: their energy is unknown.
  if (!hasEnoughBalance || !state.activated) return { hasEnoughBalance, hasEnoughGas: false };
  const raw = await energyOf(plan, state);
  if (raw === null) {
    log.warn({ network: "tron", wallet: plan.wallet }, "pay calldata energy estimate failed: a call would revert");
    return { hasEnoughBalance, hasEnoughGas: false };
  }
  const energy = (raw * marginTenths) / 10n;
  const burnedEnergy = energy > state.energyLeft ? energy - state.energyLeft : 0n;
  const trxCost =
    burnedEnergy * state.energyFee + bandwidthBurn([...plan.approvals.map((a) => a.data), plan.pay.data], state);
  return { hasEnoughBalance, hasEnoughGas: state.trxBalance >= trxCost, energy, trxCost };
}
