// The chain parameters of the sandbox Tron node: mainnet's values for what the node models
// (fees, free bandwidth, the fee limit cap), answered by /wallet/getchainparameters. The node
// charges with these same numbers, so a client that reads them to price a transaction (energy
// × getEnergyFee, bytes × getTransactionFee) gets the figures the node then burns.

/** Sun per unit of energy (mainnet since proposal #104, August 2025). */
export const ENERGY_FEE = 100n;
/** Sun per byte of bandwidth burned when the free bandwidth is used up. */
export const TRANSACTION_FEE = 1_000n;
/** Free bandwidth (bytes) every activated account gets per 24 hours. */
export const FREE_NET_LIMIT = 600n;
/** Burned for the bandwidth of a transaction that activates an account (no frozen bandwidth). */
export const CREATE_ACCOUNT_FEE = 100_000n;
/** Added to a TRX transfer that activates its recipient. */
export const CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT = 1_000_000n;
/** The highest fee_limit a transaction may set (15 000 TRX). */
export const MAX_FEE_LIMIT = 15_000_000_000n;
/** Bytes added to a transaction's size for its result when bandwidth is charged (Constant.MAX_RESULT_SIZE_IN_TX). */
export const MAX_RESULT_SIZE_IN_TX = 64n;
/** Resource usage recovers linearly over this window. */
export const RESOURCE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Tron's block interval. */
export const BLOCK_INTERVAL_MS = 3_000;
/** java-tron builds transactions that expire one minute after the head block. */
export const DEFAULT_EXPIRATION_MS = 60_000;
/** A transaction may not expire more than 24 hours after the head block. */
export const MAXIMUM_TIME_UNTIL_EXPIRATION_MS = 24 * 60 * 60 * 1000;
/** Tron mainnet's chain id as the TVM's CHAINID opcode and TIP-712 see it. */
export const TRON_CHAIN_ID = 728126428;

/** /wallet/getchainparameters: java-tron's key names; parameters that are 0 print without a value. */
export function chainParameters(): { key: string; value?: number }[] {
  const entries: [string, bigint | number][] = [
    ["getMaintenanceTimeInterval", 21_600_000],
    ["getAccountUpgradeCost", 9_999_000_000],
    ["getCreateAccountFee", CREATE_ACCOUNT_FEE],
    ["getTransactionFee", TRANSACTION_FEE],
    ["getAssetIssueFee", 1_024_000_000],
    ["getWitnessPayPerBlock", 8_000_000],
    ["getWitnessStandbyAllowance", 115_200_000_000],
    ["getCreateNewAccountFeeInSystemContract", CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT],
    ["getCreateNewAccountBandwidthRate", 1],
    ["getAllowCreationOfContracts", 1],
    ["getRemoveThePowerOfTheGr", 1],
    ["getEnergyFee", ENERGY_FEE],
    ["getExchangeCreateFee", 1_024_000_000],
    ["getMaxCpuTimeOfOneTx", 80],
    ["getAllowUpdateAccountName", 0],
    ["getAllowSameTokenName", 1],
    ["getAllowDelegateResource", 1],
    ["getTotalEnergyLimit", 180_000_000_000],
    ["getAllowTvmTransferTrc10", 1],
    ["getTotalEnergyCurrentLimit", 180_000_000_000],
    ["getAllowMultiSign", 1],
    ["getAllowAdaptiveEnergy", 0],
    ["getUpdateAccountPermissionFee", 100_000_000],
    ["getMultiSignFee", 1_000_000],
    ["getAllowAccountStateRoot", 0],
    ["getAllowProtoFilterNum", 0],
    ["getAllowTvmConstantinople", 1],
    ["getAllowTvmSolidity059", 1],
    ["getAllowTvmIstanbul", 1],
    ["getAllowShieldedTRC20Transaction", 1],
    ["getForbidTransferToContract", 0],
    ["getAdaptiveResourceLimitTargetRatio", 10],
    ["getAdaptiveResourceLimitMultiplier", 1000],
    ["getChangeDelegation", 1],
    ["getWitness127PayPerBlock", 128_000_000],
    ["getAllowMarketTransaction", 0],
    ["getMarketSellFee", 0],
    ["getMarketCancelFee", 0],
    ["getAllowPBFT", 0],
    ["getAllowTransactionFeePool", 0],
    ["getMaxFeeLimit", MAX_FEE_LIMIT],
    ["getAllowOptimizeBlackHole", 1],
    ["getAllowNewResourceModel", 1],
    ["getAllowTvmFreeze", 0],
    ["getAllowTvmVote", 1],
    ["getAllowTvmLondon", 1],
    ["getAllowTvmCompatibleEvm", 0],
    ["getAllowAccountAssetOptimization", 0],
    ["getFreeNetLimit", FREE_NET_LIMIT],
    ["getTotalNetLimit", 43_200_000_000],
    ["getAllowTvmShangHai", 1],
    ["getAllowTvmCancun", 1],
    ["getMemoFee", 1_000_000],
    ["getAllowDynamicEnergy", 0],
    ["getUnfreezeDelayDays", 14],
  ];
  return entries.map(([key, value]) => (Number(value) === 0 ? { key } : { key, value: Number(value) }));
}
