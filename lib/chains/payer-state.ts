// What a payer's wallet holds on one network: native balance, token balances and the
// allowances given to payment contracts, with the gas price. Read at one block and issued
// together, so the client's batching sends them as one Multicall3 call in one HTTP request;
// the gas price comes with the head (chainHead, read once per block).
import type { Address } from "viem";
import { atBlock, chainHead } from "./block-cache";
import { getPublicClient } from "./clients";
import { erc20Abi } from "./contracts";
import type { EvmNetworkId } from "./networks";

export interface AllowanceQuery {
  token: Address;
  spender: Address;
}

export interface PayerState {
  nativeBalance: bigint;
  gasPrice: bigint;
  tokenBalance(token: Address): bigint;
  allowance(token: Address, spender: Address): bigint;
}

const key = (...parts: string[]) => parts.map((p) => p.toLowerCase()).join(":");

/** The wallet's state at `block` (cached for that block, see block-cache.ts). */
export function readPayerState(
  network: EvmNetworkId,
  wallet: Address,
  queries: readonly AllowanceQuery[],
  block: bigint,
): Promise<PayerState> {
  const key = `payer:${wallet}:${queries.map((q) => `${q.token}>${q.spender}`).join(",")}`.toLowerCase();
  return atBlock(network, block, key, () => read(network, wallet, queries, block));
}

async function read(
  network: EvmNetworkId,
  wallet: Address,
  queries: readonly AllowanceQuery[],
  blockNumber: bigint,
): Promise<PayerState> {
  const client = getPublicClient(network);
  const tokens = [...new Map(queries.map((q) => [q.token.toLowerCase(), q.token])).values()];
  const pairs = [...new Map(queries.map((q) => [key(q.token, q.spender), q])).values()];
  const [nativeBalance, gasPrice, balances, allowances] = await Promise.all([
    client.getBalance({ address: wallet, blockNumber }),
    chainHead(network).then((head) => head.gasPrice),
    Promise.all(
      tokens.map((token) =>
        client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [wallet], blockNumber }),
      ),
    ),
    Promise.all(
      pairs.map((q) =>
        client.readContract({
          address: q.token,
          abi: erc20Abi,
          functionName: "allowance",
          args: [wallet, q.spender],
          blockNumber,
        }),
      ),
    ),
  ]);
  const balanceByToken = new Map(tokens.map((t, i) => [t.toLowerCase(), balances[i]]));
  const allowanceByPair = new Map(pairs.map((q, i) => [key(q.token, q.spender), allowances[i]]));
  return {
    nativeBalance,
    gasPrice,
    tokenBalance: (token) => balanceByToken.get(token.toLowerCase()) ?? 0n,
    allowance: (token, spender) => allowanceByPair.get(key(token, spender)) ?? 0n,
  };
}
