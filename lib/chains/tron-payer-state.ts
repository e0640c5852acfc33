// What a payer's Tron wallet holds and what its transactions would cost, read from the node at
// TRONGRID_URL through java-tron's HTTP API: `getaccount` (TRX balance; `{}` for an account
// never activated), `getaccountresource` (free and staked bandwidth, staked energy),
// `getchainparameters` (sun per energy unit and per bandwidth byte), and
// `triggerconstantcontract` (TRC-20 balanceOf/allowance, and the energy a call uses).
import { decodeFunctionResult, encodeFunctionData, type Hex } from "viem";
import { erc20Abi } from "./contracts";
import { type TronAddress, tronToEvmAddress } from "./tron";
import { tronPost } from "./tron-http";

export interface TronPayerState {
  /** False for an address that never received TRX: it cannot send a transaction at all. */
  activated: boolean;
  /** Sun. */
  trxBalance: bigint;
  tokenBalance: bigint;
  allowance: bigint;
  /** Bandwidth bytes left today: staked (frozen TRX) and the daily free allowance. */
  stakedNetLeft: bigint;
  freeNetLeft: bigint;
  /** Energy left from staked TRX. */
  energyLeft: bigint;
  /** Sun per energy unit (getEnergyFee) and per bandwidth byte burned (getTransactionFee). */
  energyFee: bigint;
  transactionFee: bigint;
}

interface ConstantAnswer {
  result?: { result?: boolean; code?: string; message?: string };
  energy_used?: number;
  constant_result?: string[];
}

const positive = (n: bigint) => (n > 0n ? n : 0n);
const int = (v: unknown) => (typeof v === "number" || typeof v === "string" ? BigInt(v) : 0n);

/** A read-only call at the head; null when the call reverts. */
async function constantCall(owner: TronAddress, contract: TronAddress, data: Hex) {
  const answer = await tronPost<ConstantAnswer>("/wallet/triggerconstantcontract", {
    owner_address: owner,
    contract_address: contract,
    data: data.slice(2),
    visible: true,
  });
  if (answer.result?.result !== true) return null;
  return { output: `0x${answer.constant_result?.[0] ?? ""}` as Hex, energy: BigInt(answer.energy_used ?? 0) };
}

async function readUint(
  owner: TronAddress,
  token: TronAddress,
  functionName: "balanceOf" | "allowance",
  args: readonly `0x${string}`[],
) {
  const data = encodeFunctionData({ abi: erc20Abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
  const r = await constantCall(owner, token, data);
  if (!r) throw new Error(`Tron ${functionName} on ${token} reverted`);
  return decodeFunctionResult({ abi: erc20Abi, functionName, data: r.output }) as bigint;
}

async function chainFees(): Promise<{ energyFee: bigint; transactionFee: bigint }> {
  const { chainParameter = [] } = await tronPost<{ chainParameter?: { key: string; value?: number }[] }>(
    "/wallet/getchainparameters",
    {},
  );
  const value = (key: string) => {
    const p = chainParameter.find((c) => c.key === key);
    if (!p) throw new Error(`Tron chain parameter ${key} is missing`);
    return BigInt(p.value ?? 0);
  };
  return { energyFee: value("getEnergyFee"), transactionFee: value("getTransactionFee") };
}

/** The payer's TRX, resources and the token balance and allowance to `spender`, read together. */
export async function readTronPayerState(
  wallet: TronAddress,
  token: TronAddress,
  spender: TronAddress,
): Promise<TronPayerState> {
  const [account, resource, fees, tokenBalance, allowance] = await Promise.all([
    tronPost<{ address?: string; balance?: number }>("/wallet/getaccount", { address: wallet, visible: true }),
    tronPost<Record<string, number | undefined>>("/wallet/getaccountresource", { address: wallet, visible: true }),
    chainFees(),
    readUint(wallet, token, "balanceOf", [tronToEvmAddress(wallet)]),
    readUint(wallet, token, "allowance", [tronToEvmAddress(wallet), tronToEvmAddress(spender)]),
  ]);
  return {
    activated: account.address !== undefined,
    trxBalance: int(account.balance),
    tokenBalance,
    allowance,
    stakedNetLeft: positive(int(resource.NetLimit) - int(resource.NetUsed)),
    freeNetLeft: positive(int(resource.freeNetLimit) - int(resource.freeNetUsed)),
    energyLeft: positive(int(resource.EnergyLimit) - int(resource.EnergyUsed)),
    ...fees,
  };
}

/** Energy `owner` would use calling `contract` with `data` now; null when the call would revert. */
export async function tronCallEnergy(owner: TronAddress, contract: TronAddress, data: Hex): Promise<bigint | null> {
  return (await constantCall(owner, contract, data))?.energy ?? null;
}
